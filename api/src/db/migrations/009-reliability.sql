-- No usable secret at rest, and mail in priority lanes under a short, fenced lease.
-- Written for PostgreSQL 15 (deployments) and PGlite (PostgreSQL 18, embedded) alike.

-- A reset request is a row here from the moment it is asked for; its link is minted only when its
-- email is sent (services/mail-sender.ts), and only the link's SHA-256 hash is stored then. Until
-- then `token_hash` is NULL. A newer request ends every older open one (`superseded_at`).
ALTER TABLE password_resets DROP CONSTRAINT password_resets_pkey;
ALTER TABLE password_resets ADD COLUMN id bigserial PRIMARY KEY;
ALTER TABLE password_resets ALTER COLUMN token_hash DROP NOT NULL;
ALTER TABLE password_resets ADD COLUMN superseded_at timestamptz;
CREATE UNIQUE INDEX password_resets_token_idx ON password_resets (token_hash);

-- A reset email refers to its request; its text is written at send time and never stored.
ALTER TABLE mail_outbox ADD COLUMN password_reset_id bigint REFERENCES password_resets (id);

-- Emails queued before this migration held their whole text, a reset link included. A reset email
-- still waiting cannot be kept without its link: it is skipped and its link ended (the patient
-- asks again). Every email already done loses its text, as emails sent from now on do.
UPDATE password_resets SET superseded_at = now() WHERE used_at IS NULL;
UPDATE mail_outbox SET status = 'skipped', last_error = 'queued before reset links were minted at send time; ask for a new link'
  WHERE kind = 'password-reset' AND status = 'pending';
UPDATE mail_outbox SET text_body = '', html_body = '', ics = NULL WHERE status <> 'pending';

-- Lanes: 0 password resets (a patient waits on screen), 1 reminders (due at a time), 2 the rest
-- (confirmations of bookings, moves, cancellations). A sender takes the lowest lane first.
ALTER TABLE mail_outbox ADD COLUMN lane smallint NOT NULL DEFAULT 2;
UPDATE mail_outbox SET lane = CASE kind WHEN 'password-reset' THEN 0 WHEN 'reminder' THEN 1 ELSE 2 END;
CREATE INDEX mail_outbox_lane_idx ON mail_outbox (lane, id) WHERE status = 'pending';

-- The lease a sender holds on a claimed row: every mark names it, so a sender whose lease ran out
-- (and whose row another sender claimed) changes nothing.
ALTER TABLE mail_outbox ADD COLUMN lease_id uuid;

-- An admin session names the admin credential it was started under (scrypt of ADMIN_PASSWORD salted
-- with ADMIN_EMAIL, services/sessions.ts): once either changes, every process started with the new
-- one refuses it. Admin sessions from before this migration name none and are refused.
ALTER TABLE sessions ADD COLUMN credential text;

-- A visit a schedule change left outside the doctor's times: its patient is emailed once per time
-- of the visit (dedupe key 'stranded:<appointment>:<revision>'), and its reminder is held while
-- `stranded_held`, until the patient keeps it ('kept-by-patient'), staff keep it
-- ('kept-by-staff'), or it is moved or cancelled. The admin app shows who was told and when.
ALTER TABLE appointments ADD COLUMN stranded_told_at timestamptz;
ALTER TABLE appointments ADD COLUMN stranded_held boolean NOT NULL DEFAULT false;
ALTER TABLE appointments ADD COLUMN stranded_answer text CHECK (stranded_answer IN ('kept-by-patient', 'kept-by-staff', 'moved'));
ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_kind_check;
ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check
  CHECK (kind IN ('booked', 'moved', 'cancelled', 'reminder', 'password-reset', 'stranded'));
