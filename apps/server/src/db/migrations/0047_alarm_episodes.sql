-- One alarm per episode (docs/car.md, "Alarms: one per episode"). A terminal that raises a type
-- again while its alarm of that type is still open (last seen at most five minutes before) adds a
-- repeat to it instead of a new row: repeats counts them, last_seen_at is the newest (NULL: none
-- since alarm_time). Handling the alarm handles its repeats: they are the same row.
-- Constant defaults: no table rewrite on PostgreSQL 11+.
ALTER TABLE alarms ADD COLUMN repeats integer NOT NULL DEFAULT 0;
ALTER TABLE alarms ADD COLUMN last_seen_at timestamptz;

-- 平台超速报警 is raised once per 超速报表 episode, which starts at alarm_time: a second gateway or
-- a restart judging the same episode again raises nothing.
CREATE UNIQUE INDEX alarms_platform_overspeed_once ON alarms (terminal_id, alarm_time) WHERE type = 'platformOverspeed';

-- An account's shortest 平台超速报警 episode in seconds (on its platformOverspeed row; NULL: the
-- report's default, OVERSPEED_DEFAULT_MIN_SECONDS).
ALTER TABLE alarm_controls ADD COLUMN min_seconds integer;
