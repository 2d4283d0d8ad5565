-- Data reports read these daily figures, never raw positions (DESIGN: reports read pre-aggregated
-- daily figures). One row per terminal and Beijing day (Asia/Shanghai, UTC+8).

-- Online/offline transitions, so online time per day can be told afterwards. Written by the
-- trigger below in the same statements the gateway already runs (markOnline, markSilentOffline):
-- the gateway's code is unchanged and a position write never touches this table.
CREATE TABLE presence_events (
  terminal_id bigint NOT NULL REFERENCES terminals(id) ON DELETE CASCADE,
  at timestamptz NOT NULL,
  online boolean NOT NULL
);
CREATE INDEX presence_events_terminal_at_idx ON presence_events (terminal_id, at);
CREATE INDEX presence_events_at_idx ON presence_events (at);

-- The transition's time is the terminal's last sign of life: coming online that is now (markOnline
-- sets last_seen_at = now()); going offline it is when it was last heard, not when the silence
-- was noticed a minute later.
CREATE FUNCTION record_presence_event() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO presence_events (terminal_id, at, online) VALUES (NEW.id, COALESCE(NEW.last_seen_at, now()), NEW.online);
  RETURN NULL;
END;
$$;

-- UPDATE OF online: the frequent last_seen_at refresh (touchSeen) does not even fire it.
CREATE TRIGGER terminals_presence_event AFTER UPDATE OF online ON terminals
  FOR EACH ROW WHEN (OLD.online IS DISTINCT FROM NEW.online) EXECUTE FUNCTION record_presence_event();

-- Terminals online when this migration runs have been since online_changed_at.
INSERT INTO presence_events (terminal_id, at, online)
  SELECT id, COALESCE(online_changed_at, last_seen_at, now()), true FROM terminals WHERE online;

CREATE TABLE daily_terminal_stats (
  terminal_id bigint NOT NULL REFERENCES terminals(id) ON DELETE CASCADE,
  -- The Beijing calendar day.
  day date NOT NULL,
  mileage_km double precision NOT NULL DEFAULT 0,
  -- 'odometer' (the terminal's own mileage), 'gps' (great-circle sum of valid fixes) or '' (no positions).
  mileage_source text NOT NULL DEFAULT '',
  driving_seconds integer NOT NULL DEFAULT 0,
  max_speed real NOT NULL DEFAULT 0,
  first_position_at timestamptz,
  last_position_at timestamptz,
  position_count integer NOT NULL DEFAULT 0,
  alarm_count integer NOT NULL DEFAULT 0,
  -- { "sos": 2, "overspeed": 5 }
  alarm_types jsonb NOT NULL DEFAULT '{}',
  online_seconds integer NOT NULL DEFAULT 0,
  first_online_at timestamptz,
  last_offline_at timestamptz,
  -- Seconds of the day that had passed when it was rolled up (86400 once the day is over).
  elapsed_seconds integer NOT NULL DEFAULT 86400,
  rolled_up_at timestamptz NOT NULL DEFAULT now(),
  -- Running state, so a pass during the day reads only what arrived since the last one: both
  -- distances (the source is chosen once two odometer readings exist), and the last valid fix and
  -- odometer reading to measure the next step from.
  gps_km double precision NOT NULL DEFAULT 0,
  odometer_km double precision NOT NULL DEFAULT 0,
  odometer_points integer NOT NULL DEFAULT 0,
  last_fix_at timestamptz,
  last_fix_lat double precision,
  last_fix_lon double precision,
  last_fix_speed real,
  last_odometer double precision,
  last_odometer_at timestamptz,
  PRIMARY KEY (terminal_id, day)
);
CREATE INDEX daily_terminal_stats_day_idx ON daily_terminal_stats (day);

-- Which days the rollup worker has finished for good (rolled up after the day and its grace ended).
CREATE TABLE daily_rollup_days (
  day date PRIMARY KEY,
  rolled_up_at timestamptz NOT NULL,
  final boolean NOT NULL DEFAULT false
);

-- The rollup counts a day's alarms of every terminal at once.
CREATE INDEX alarms_time_idx ON alarms (alarm_time);
