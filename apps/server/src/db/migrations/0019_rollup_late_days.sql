-- Positions that arrived too late for the report rollup's passes (out of order, or for a day
-- already final): the gateway writes their terminal and Beijing day here, in the transaction that
-- stores them; the next rollup pass recomputes those terminal-days and deletes the rows it read.
-- No key: the gateway's insert never waits for a rollup that is deleting (a duplicate is harmless).
CREATE TABLE rollup_late_days (
  terminal_id bigint NOT NULL REFERENCES terminals(id) ON DELETE CASCADE,
  day date NOT NULL,
  marked_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rollup_late_days_day_idx ON rollup_late_days (day);
