-- Service renewals of terminals (系统管理 › 终端管理): each one extends terminals.service_expires_at
-- from the later of now and the current expiry, and is kept here as the terminal's history.
CREATE TABLE terminal_renewals (
  id bigserial PRIMARY KEY,
  terminal_id bigint NOT NULL REFERENCES terminals(id) ON DELETE CASCADE,
  months integer NOT NULL CHECK (months > 0),
  previous_expires_at timestamptz,
  expires_at timestamptz NOT NULL,
  user_id bigint REFERENCES users(id) ON DELETE SET NULL,
  -- Kept as written: the history still names a user who was deleted since.
  user_name text NOT NULL DEFAULT '',
  remark text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX terminal_renewals_terminal_idx ON terminal_renewals (terminal_id, created_at DESC);
-- The 30-day expiry list and the home page's count filter on it.
CREATE INDEX terminals_service_expires_idx ON terminals (service_expires_at) WHERE service_expires_at IS NOT NULL;
