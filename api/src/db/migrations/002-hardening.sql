-- Per-patient limits, photos and the signing secret shared by every API process.

-- A patient may not hold two live appointments at the same time (with any doctors). Bookings made
-- before this rule could already clash: the earliest booking of each clash is kept and the later
-- ones are cancelled, so the index can be built (cancelling frees the slot, it deletes nothing).
UPDATE appointments a SET cancelled = true
WHERE NOT a.cancelled AND EXISTS (
  SELECT 1 FROM appointments b
  WHERE NOT b.cancelled AND b.user_id = a.user_id AND b.slot_date = a.slot_date AND b.slot_time = a.slot_time
    AND (b.created_at, b.id) < (a.created_at, a.id)
);
CREATE UNIQUE INDEX appointments_patient_time_key
  ON appointments (user_id, slot_date, slot_time) WHERE NOT cancelled;

-- Uploaded photos live in the database, so every process behind a load balancer serves every
-- photo with no shared disk. Names are random and never reused.
CREATE TABLE uploads (
  name         text PRIMARY KEY,
  content_type text NOT NULL,
  bytes        bytea NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);

-- Secrets generated once and shared by every process (the JWT signing key when JWT_SECRET is unset).
CREATE TABLE app_secrets (
  name       text PRIMARY KEY,
  value      text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
