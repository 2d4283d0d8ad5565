-- Watch-protocol terminals (pet collars, children's watches) report battery %, a cumulative step
-- count and a tumble ("roll") count in LK heartbeats and in every UD/AL report, with or without a
-- fix. Positions keep them only when there is a fix; this table keeps every one, so activity and
-- battery figures survive a collar that sleeps indoors (LK only). `at` is the device's time when
-- the report carries one (UD/AL), else the time received (LK); `received_at` is always ours.
CREATE TABLE terminal_status_reports (
  id bigserial PRIMARY KEY,
  terminal_id bigint NOT NULL REFERENCES terminals(id) ON DELETE CASCADE,
  at timestamptz NOT NULL,
  received_at timestamptz NOT NULL,
  kind text NOT NULL,
  battery smallint,
  steps bigint,
  roll bigint,
  signal smallint,
  extras jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX terminal_status_reports_terminal_at_idx ON terminal_status_reports (terminal_id, at);
