-- Written for PostgreSQL 15 (deployments) and PGlite (PostgreSQL 18, embedded) alike.

CREATE TABLE users (
  id          text PRIMARY KEY,
  name        text NOT NULL,
  email       text NOT NULL,
  password    text NOT NULL,
  phone       text NOT NULL DEFAULT '',
  image       text NOT NULL DEFAULT '',
  address_line1 text NOT NULL DEFAULT '',
  address_line2 text NOT NULL DEFAULT '',
  gender      text NOT NULL DEFAULT '',
  dob         text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now()
);
-- Emails are stored normalised (trimmed, lower case), so this is case-insensitive uniqueness.
CREATE UNIQUE INDEX users_email_key ON users (email);

CREATE TABLE doctors (
  id             text PRIMARY KEY,
  name           text NOT NULL,
  email          text,
  image          text NOT NULL DEFAULT '',
  specialization text NOT NULL,
  degree         text NOT NULL DEFAULT '',
  experience     text,
  about          text NOT NULL DEFAULT '',
  fees           integer NOT NULL CHECK (fees >= 0),
  available      boolean NOT NULL DEFAULT true,
  address_line1  text NOT NULL DEFAULT '',
  address_line2  text NOT NULL DEFAULT '',
  location       text,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX doctors_email_key ON doctors (email) WHERE email IS NOT NULL;

CREATE TABLE appointments (
  id           text PRIMARY KEY,
  user_id      text NOT NULL REFERENCES users (id),
  doctor_id    text NOT NULL REFERENCES doctors (id),
  -- Wire form `5_1_2027` / `14:30`, plus the day as a date for ordering and filtering.
  slot_date    text NOT NULL,
  slot_time    text NOT NULL,
  slot_day     date NOT NULL,
  doc_data     jsonb NOT NULL,
  amount       integer NOT NULL,
  cancelled    boolean NOT NULL DEFAULT false,
  payment      boolean NOT NULL DEFAULT false,
  is_completed boolean NOT NULL DEFAULT false,
  created_at   timestamptz NOT NULL DEFAULT now()
);
-- The guard against double booking: at most one live appointment per doctor, day and time,
-- however many requests or processes race. A cancelled one no longer holds the slot.
CREATE UNIQUE INDEX appointments_live_slot_key
  ON appointments (doctor_id, slot_date, slot_time) WHERE NOT cancelled;
CREATE INDEX appointments_user_idx ON appointments (user_id);
