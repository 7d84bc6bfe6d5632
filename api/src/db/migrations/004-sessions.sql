-- Server-side sessions: every token names one (`sid` claim), so a session ended here refuses its
-- token at once on every API process. Written for PostgreSQL 15 and PGlite alike.
CREATE TABLE sessions (
  id            text PRIMARY KEY,
  role          text NOT NULL CHECK (role IN ('patient', 'admin')),
  -- A patient's id, or the admin credential's email (the admin has no users row).
  user_id       text NOT NULL,
  user_agent    text NOT NULL DEFAULT '' CHECK (char_length(user_agent) <= 512),
  ip            text NOT NULL DEFAULT '',
  created_at    timestamptz NOT NULL,
  last_used_at  timestamptz NOT NULL,
  expires_at    timestamptz NOT NULL,
  revoked_at    timestamptz,
  revoke_reason text CHECK (revoke_reason IS NULL OR char_length(revoke_reason) <= 64),
  CHECK ((revoked_at IS NULL) = (revoke_reason IS NULL))
);
-- "This account's open sessions": the list on My Profile and "log out everywhere else".
CREATE INDEX sessions_open_by_user_idx ON sessions (user_id, created_at) WHERE revoked_at IS NULL;
