-- The data centre's 30-day figures without reading 30 days of daily rows per refresh: the rollup
-- keeps, beside daily_terminal_stats, one row per account and Beijing day (the day's alarms,
-- active vehicles and km of the account's vehicles) and each terminal's km over the window's
-- finished days. `owned_*` count only days from the terminal's hand-over on (what a tenant sees);
-- the others every day (a platform administrator). See docs/data-center.md.
CREATE TABLE daily_account_stats (
  account_id bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  day date NOT NULL,
  alarms int NOT NULL,
  active int NOT NULL,
  mileage_km float8 NOT NULL,
  owned_alarms int NOT NULL,
  owned_active int NOT NULL,
  owned_mileage_km float8 NOT NULL,
  PRIMARY KEY (day, account_id)
);

-- km of each terminal over the window's finished days (data_center_summary.from_day .. through_day).
CREATE TABLE terminal_recent_mileage (
  terminal_id bigint PRIMARY KEY REFERENCES terminals(id) ON DELETE CASCADE,
  km float8 NOT NULL,
  owned_km float8 NOT NULL
);

-- What the two tables above hold: the window, and the fleet's vehicle → account, vehicle →
-- terminal and hand-over times they were counted with (a fingerprint). A reader whose window or
-- fingerprint differs reads daily_terminal_stats instead.
CREATE TABLE data_center_summary (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  from_day date NOT NULL,
  through_day date NOT NULL,
  fingerprint text NOT NULL,
  refreshed_at timestamptz NOT NULL DEFAULT now()
);
