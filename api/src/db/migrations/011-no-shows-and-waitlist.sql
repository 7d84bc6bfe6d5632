-- Missed visits (no-shows) and the waitlist for an earlier time (docs/product.md, "Waitlist and no-shows").
-- Written for PostgreSQL 15 (deployments) and PGlite (PostgreSQL 18, embedded) alike.

-- Set by staff once a visit's time has passed and the patient did not come; NULL again on undo.
ALTER TABLE appointments ADD COLUMN missed_at timestamptz;
CREATE INDEX appointments_missed_idx ON appointments (user_id, missed_at) WHERE missed_at IS NOT NULL;

-- Staff lifted the no-show stop at this time: misses marked before it no longer count.
ALTER TABLE users ADD COLUMN no_show_lifted_at timestamptz;

-- A patient's wish for an earlier time with one doctor. `appointment_id` is the booked visit a
-- taken offer moves (NULL: asked on the doctor's page without one, a taken offer books). The
-- narrowing is optional: `before_day` (times on days before it), `weekdays` (mon ... sun),
-- `part_of_day` ('morning' before 13:00, 'afternoon' from 13:00).
CREATE TABLE waitlist_requests (
  id             text PRIMARY KEY,
  user_id        text NOT NULL REFERENCES users (id),
  doctor_id      text NOT NULL REFERENCES doctors (id),
  appointment_id text REFERENCES appointments (id),
  before_day     date,
  weekdays       text[] NOT NULL DEFAULT '{}',
  part_of_day    text NOT NULL DEFAULT 'any' CHECK (part_of_day IN ('any', 'morning', 'afternoon')),
  created_at     timestamptz NOT NULL,
  ended_at       timestamptz,
  -- 'patient' (ended by them), 'taken' (they took an offer), 'visit-cancelled', 'visit-passed', 'booked'
  ended_reason   text
);
-- One open request per patient and doctor: asking twice updates nothing and is refused clearly.
CREATE UNIQUE INDEX waitlist_requests_open_key ON waitlist_requests (user_id, doctor_id) WHERE ended_at IS NULL;
CREATE INDEX waitlist_requests_doctor_open_idx ON waitlist_requests (doctor_id) WHERE ended_at IS NULL;

-- One freed time offered to one request. The unique key is "no offer sent twice": the same time
-- is never offered to the same request again, however often it frees up or how many processes try.
-- The link in the email names the row's id; taking it needs the patient signed in, and the offer
-- is good until the time starts (`expires_at`), someone takes the time, or the request ends.
CREATE TABLE waitlist_offers (
  id          text PRIMARY KEY,
  request_id  text NOT NULL REFERENCES waitlist_requests (id),
  user_id     text NOT NULL REFERENCES users (id),
  doctor_id   text NOT NULL REFERENCES doctors (id),
  slot_date   text NOT NULL,
  slot_time   text NOT NULL,
  slot_day    date NOT NULL,
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL,
  taken_at    timestamptz,
  UNIQUE (request_id, slot_date, slot_time)
);
CREATE INDEX waitlist_offers_doctor_idx ON waitlist_offers (doctor_id, created_at);

-- Every kind 009 allows, plus the offer of an earlier time (sent in lane 1: it is gone once taken).
ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_kind_check;
ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check
  CHECK (kind IN ('booked', 'moved', 'cancelled', 'reminder', 'password-reset', 'stranded', 'earlier-time'));
