-- 停留报表: each stay of a terminal (valid fixes below STOP_SPEED_KMH, playback's stop rule),
-- found by the daily rollup so the report reads an indexed table, never raw positions. A stay is
-- counted within its Beijing day (like the mileage): one parked overnight is two rows.
CREATE TABLE daily_stays (
  terminal_id bigint NOT NULL REFERENCES terminals(id) ON DELETE CASCADE,
  day date NOT NULL,
  -- The first fix of the stay, and where the vehicle is next seen moving (or the day's last fix).
  start_at timestamptz NOT NULL,
  end_at timestamptz NOT NULL,
  seconds integer NOT NULL,
  lat double precision NOT NULL,
  lon double precision NOT NULL,
  -- Still going at the last pass: today's next pass continues it from start_at. Kept whatever its
  -- length (it is the rollup's cursor); closed stays shorter than STAY_MIN_STORED_SECONDS are not kept.
  open boolean NOT NULL DEFAULT false,
  PRIMARY KEY (terminal_id, start_at)
);
CREATE INDEX daily_stays_day_idx ON daily_stays (day, terminal_id);
-- A pass during the day looks up each terminal's open stay of the day.
CREATE INDEX daily_stays_open_idx ON daily_stays (terminal_id, day) WHERE open;
