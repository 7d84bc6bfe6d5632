-- The audit trail: who did what, when (UTC), to which record; append-only and hash-chained.
-- Written for PostgreSQL 15 and PGlite alike.
--
-- `seq` is given by the writer under a lock (1, 2, 3, ... with no gaps), and every entry carries the
-- previous entry's hash (`prev_hash`) and its own (`hash`, over its fields and `prev_hash`), so
-- `npm run audit:verify -w api` finds a changed entry (its hash no longer matches), a removed one
-- (a gap in `seq`, or a `prev_hash` that names nothing) or a reordered one.
CREATE TABLE audit_log (
  seq            bigint PRIMARY KEY,
  at             timestamptz NOT NULL,
  -- who: 'patient' (actor_id = patient id), 'admin' (actor_id = the admin's email) or
  -- 'anonymous' (actor_id empty); ip is the caller's address in every case.
  actor_role     text NOT NULL CHECK (actor_role IN ('patient', 'admin', 'anonymous')),
  actor_id       text NOT NULL DEFAULT '',
  ip             text NOT NULL DEFAULT '',
  request_id     text NOT NULL DEFAULT '',
  -- what: a dotted action name ('appointment.cancel', 'auth.login-failed') and its target.
  action         text NOT NULL,
  target_type    text NOT NULL DEFAULT '',
  target_id      text NOT NULL DEFAULT '',
  -- For the staff's filters: the patient, doctor and appointment an entry concerns, when any.
  patient_id     text,
  doctor_id      text,
  appointment_id text,
  -- The changed fields' old and new values (small values only), as the JSON text that was hashed.
  changes        text NOT NULL DEFAULT '{}',
  prev_hash      text NOT NULL,
  hash           text NOT NULL
);
CREATE INDEX audit_log_patient_idx ON audit_log (patient_id, seq) WHERE patient_id IS NOT NULL;
CREATE INDEX audit_log_doctor_idx ON audit_log (doctor_id, seq) WHERE doctor_id IS NOT NULL;
CREATE INDEX audit_log_appointment_idx ON audit_log (appointment_id, seq) WHERE appointment_id IS NOT NULL;
CREATE INDEX audit_log_action_idx ON audit_log (action, seq);
CREATE INDEX audit_log_at_idx ON audit_log (at);

-- Append-only: any UPDATE, DELETE or TRUNCATE is refused, whoever asks (the API's own role
-- included). Only the table's owner could switch the trigger off, and the hash chain shows it.
CREATE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER audit_log_no_update_delete BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();
