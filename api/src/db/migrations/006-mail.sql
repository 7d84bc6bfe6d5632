-- Email: a durable outbox, and password-reset links.
-- Written for PostgreSQL 15 (deployments) and PGlite (PostgreSQL 18, embedded) alike.

-- Every email is a row here first, written in the same transaction as the change that causes it
-- (a booking, a move, a cancellation, a reset request), so a rolled-back change sends nothing and
-- a committed one cannot lose its email. The sender loop (`services/mail-sender.ts`) sends rows.
-- `dedupe_key` names the mail (kind, appointment, revision): a second row for the same mail fails
-- the unique index, however many processes try, so nothing is queued twice.
CREATE TABLE mail_outbox (
  id              bigserial PRIMARY KEY,
  dedupe_key      text NOT NULL UNIQUE,
  -- The Message-ID's left part: the same on every attempt, so a resend after a crash is one message.
  message_uid     uuid NOT NULL DEFAULT gen_random_uuid(),
  kind            text NOT NULL CHECK (kind IN ('booked', 'moved', 'cancelled', 'reminder', 'password-reset')),
  appointment_id  text REFERENCES appointments (id),
  -- The appointment's revision the mail speaks of (a reminder for an old time is not sent).
  appointment_revision integer,
  recipient       text NOT NULL,
  subject         text NOT NULL,
  text_body       text NOT NULL,
  html_body       text NOT NULL,
  ics             text,
  -- pending: to send (again); sent; failed: refused for good by the server; skipped: no longer
  -- true when its turn came (a reminder for a cancelled or moved visit).
  status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed', 'skipped')),
  attempts        integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  -- A sender holds a row it is sending until then; another process takes it over only after.
  locked_until    timestamptz,
  last_error      text,
  created_at      timestamptz NOT NULL DEFAULT now(),
  sent_at         timestamptz
);
CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at) WHERE status = 'pending';
CREATE INDEX mail_outbox_appointment_idx ON mail_outbox (appointment_id) WHERE appointment_id IS NOT NULL;

-- A reset link's token is stored only as its SHA-256 hash: the database never holds a usable link.
CREATE TABLE password_resets (
  token_hash  text PRIMARY KEY,
  user_id     text NOT NULL REFERENCES users (id),
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);
CREATE INDEX password_resets_user_idx ON password_resets (user_id, created_at);

-- Every "forgot password" request, for any address (known or not), so the per-address limit
-- works the same for both and says nothing about which addresses have accounts.
CREATE TABLE password_reset_requests (
  email        text NOT NULL,
  requested_at timestamptz NOT NULL
);
CREATE INDEX password_reset_requests_email_idx ON password_reset_requests (email, requested_at);
