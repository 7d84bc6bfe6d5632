-- Ratings of completed visits, and a revision counter for calendar updates.
-- Written for PostgreSQL 15 (deployments) and PGlite (PostgreSQL 18, embedded) alike.

-- One rating per appointment: the primary key makes a second one fail with 23505 (409),
-- however the requests race. The doctor is copied so averages need no join.
CREATE TABLE ratings (
  appointment_id text PRIMARY KEY REFERENCES appointments (id),
  user_id        text NOT NULL REFERENCES users (id),
  doctor_id      text NOT NULL REFERENCES doctors (id),
  rating         integer NOT NULL CHECK (rating BETWEEN 1 AND 5),
  comment        text NOT NULL DEFAULT '' CHECK (char_length(comment) <= 500),
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ratings_doctor_idx ON ratings (doctor_id);

-- Bumped by every reschedule: the calendar file's SEQUENCE, so a calendar that imported the
-- event before replaces it with the new time instead of keeping both.
ALTER TABLE appointments ADD COLUMN revision integer NOT NULL DEFAULT 0;
