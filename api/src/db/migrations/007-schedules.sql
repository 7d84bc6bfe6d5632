-- Each doctor's working hours and time off (docs: the slot rules in shared/src/domain/schedule.ts).
-- Written for PostgreSQL 15 (deployments) and PGlite (PostgreSQL 18, embedded) alike.

-- `weekly`: per weekday (mon ... sun) a list of { start, end } `HH:mm` ranges in the clinic's zone;
-- `timeOff`: { from, to } `YYYY-MM-DD` days, both included. The default is the clinic's old
-- constant, 10:00-21:00 every day with no time off, so nothing changes until staff set hours.
ALTER TABLE doctors ADD COLUMN schedule jsonb NOT NULL DEFAULT '{
  "weekly": {
    "mon": [{"start": "10:00", "end": "21:00"}],
    "tue": [{"start": "10:00", "end": "21:00"}],
    "wed": [{"start": "10:00", "end": "21:00"}],
    "thu": [{"start": "10:00", "end": "21:00"}],
    "fri": [{"start": "10:00", "end": "21:00"}],
    "sat": [{"start": "10:00", "end": "21:00"}],
    "sun": [{"start": "10:00", "end": "21:00"}]
  },
  "timeOff": []
}'::jsonb;
