-- A link request is a password reset or, since the clinic's desk books callers who have no account,
-- a new patient's invite to choose a password (14 days instead of 30 minutes, its own email). Both
-- are minted at send time (009); the sender picks the email by `purpose`.
ALTER TABLE password_resets ADD COLUMN purpose text NOT NULL DEFAULT 'reset' CHECK (purpose IN ('reset', 'invite'));
