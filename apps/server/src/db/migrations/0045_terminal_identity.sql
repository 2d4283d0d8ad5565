-- A terminal's identity is earned (docs/security.md, 终端身份).
-- JT/T 808: the auth code the platform issued at the terminal's last registration (0x8100); every
-- new connection authenticates with it (0x0102) before anything it sends is stored.
ALTER TABLE terminals ADD COLUMN auth_code text;
-- A second connection claiming a live terminal's id was refused: how often, and the last time
-- (shown in 终端管理 as 身份冲突).
ALTER TABLE terminals ADD COLUMN identity_conflicts integer NOT NULL DEFAULT 0;
ALTER TABLE terminals ADD COLUMN identity_conflict_at timestamptz;

-- Identifiers nobody registered that tried to connect (待接入终端): a platform administrator adopts
-- them (接入: they become terminals) or blocks them (屏蔽: later connections are closed at once).
CREATE TABLE pending_terminals (
  identifier_key text PRIMARY KEY,
  identifier text NOT NULL,
  protocol text NOT NULL,
  -- The remote address of the last connection.
  address text NOT NULL DEFAULT '',
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  -- Connections seen for this id.
  attempts integer NOT NULL DEFAULT 1,
  -- The first few frames it sent, as hex, so an administrator can tell a terminal from noise.
  frames text[] NOT NULL DEFAULT '{}',
  blocked boolean NOT NULL DEFAULT false
);
CREATE INDEX pending_terminals_seen_idx ON pending_terminals (last_seen_at DESC);
