-- Telemetry per release and the canary watch (issue 42; docs/operations.md "Canary releases").
-- Written for PostgreSQL 15 (deployments) and PGlite (PostgreSQL 18, embedded) alike.

-- One minute of one release of one remote: page views, page views with at least one error of
-- the remote, failed API calls. Rows older than 30 days are pruned by the API (services/telemetry.ts).
CREATE TABLE telemetry_minutes (
  remote       text NOT NULL,
  release      text NOT NULL,
  minute       timestamptz NOT NULL,
  views        integer NOT NULL DEFAULT 0,
  error_views  integer NOT NULL DEFAULT 0,
  api_failures integer NOT NULL DEFAULT 0,
  PRIMARY KEY (remote, release, minute)
);
CREATE INDEX telemetry_minutes_minute_idx ON telemetry_minutes (minute);

-- Web vitals of the pages a release ran on, as a histogram with fixed buckets (lib/vital-buckets.ts):
-- `bucket` is the index of the bucket a value fell in; p75 over any span of minutes is read back from the counts.
CREATE TABLE telemetry_vitals (
  remote  text NOT NULL,
  release text NOT NULL,
  minute  timestamptz NOT NULL,
  name    text NOT NULL CHECK (name IN ('LCP', 'INP')),
  bucket  smallint NOT NULL,
  count   integer NOT NULL DEFAULT 0,
  PRIMARY KEY (remote, release, minute, name, bucket)
);
CREATE INDEX telemetry_vitals_minute_idx ON telemetry_vitals (minute);

-- A page load (the beacon's random `page` id) and a remote counted as an error view, so a page
-- counts once per remote however many beacons (to however many API processes) it sends. Kept a day.
CREATE TABLE telemetry_pages (
  page     text NOT NULL,
  remote   text NOT NULL,
  seen_at  timestamptz NOT NULL,
  errored  boolean NOT NULL DEFAULT false,
  PRIMARY KEY (page, remote)
);
CREATE INDEX telemetry_pages_seen_idx ON telemetry_pages (seen_at);

-- What each remote's own server last reported of its releases (its canary watch), and the order
-- waiting for it: `withdraw` (the rule fired), `promote` (the rule or staff), `rollback` (staff).
-- The order names its canary and stays until the server reports that canary ended.
CREATE TABLE release_watch (
  remote        text PRIMARY KEY,
  live          text,
  canary        text,          -- the running canary as reported (JSON of canaryStateSchema), NULL: none
  reported_at   timestamptz NOT NULL,
  order_action  text CHECK (order_action IN ('withdraw', 'promote', 'rollback')),
  order_canary  text,
  order_by      text,
  order_note    text,
  ordered_at    timestamptz
);

-- The team's email when the rule withdraws its canary (lane 1, once per canary by its dedupe key).
ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_kind_check;
ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check
  CHECK (kind IN ('booked', 'moved', 'cancelled', 'reminder', 'password-reset', 'stranded', 'earlier-time', 'canary-withdrawn'));
