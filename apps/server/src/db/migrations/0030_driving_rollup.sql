-- 超速报表 and ACC报表 of finished days without reading their raw positions: the rollup's final
-- pass (and its recompute of late positions, and a backfill) writes each final day's overspeed
-- episodes and ACC switches per terminal; days not final yet are read from the positions.
-- See docs/reports.md, "超速报表 and ACC 报表".

-- Every episode of the day (no minimum duration: the report filters), by the limits that applied
-- when it was rolled up.
CREATE TABLE daily_overspeed (
  terminal_id bigint NOT NULL REFERENCES terminals(id) ON DELETE CASCADE,
  day date NOT NULL,
  start_at timestamptz NOT NULL,
  end_at timestamptz NOT NULL,
  seconds int NOT NULL,
  max_speed real NOT NULL,
  limit_kmh real NOT NULL,
  limit_source text NOT NULL,
  fence_name text NOT NULL,
  lat double precision NOT NULL,
  lon double precision NOT NULL,
  points int NOT NULL
);
CREATE INDEX daily_overspeed_terminal_day_idx ON daily_overspeed (terminal_id, day, start_at);

-- The limits each terminal's day was rolled up with (its vehicle, the vehicle's limit and its
-- speed-limited fences): a report whose vehicle's limits differ now reads that day's positions.
CREATE TABLE daily_overspeed_limits (
  terminal_id bigint NOT NULL REFERENCES terminals(id) ON DELETE CASCADE,
  day date NOT NULL,
  vehicle_id bigint NOT NULL,
  limits text NOT NULL,
  PRIMARY KEY (terminal_id, day)
);

-- The day's reports of the ACC state that matter: the first, each change, the last.
CREATE TABLE daily_acc_points (
  terminal_id bigint NOT NULL REFERENCES terminals(id) ON DELETE CASCADE,
  day date NOT NULL,
  at timestamptz NOT NULL,
  acc boolean NOT NULL
);
CREATE INDEX daily_acc_points_terminal_day_idx ON daily_acc_points (terminal_id, day, at);

-- Final days whose episodes and ACC switches are stored (days made final before this migration
-- are not: the reports read their positions).
ALTER TABLE daily_rollup_days ADD COLUMN driving boolean NOT NULL DEFAULT false;

-- 月度汇总 of finished months without their daily rows: once every day of a Beijing month is
-- final, the rollup sums each terminal's days of it here (and again when one of those days is
-- recomputed). Months not finished, and a tenant's month of a hand-over, are read from the days.
CREATE TABLE monthly_terminal_stats (
  terminal_id bigint NOT NULL REFERENCES terminals(id) ON DELETE CASCADE,
  month date NOT NULL,
  mileage_km float8 NOT NULL,
  driving_seconds float8 NOT NULL,
  max_speed float8 NOT NULL,
  online_seconds float8 NOT NULL,
  alarm_count int NOT NULL,
  alarm_types jsonb NOT NULL,
  PRIMARY KEY (month, terminal_id)
);
CREATE TABLE monthly_rollup_months (
  month date PRIMARY KEY,
  rolled_up_at timestamptz NOT NULL DEFAULT now()
);
