-- Terminals, the assets they sit in (vehicle, e-bike, badge, pet) and vehicle groups.

-- Groups form a tree inside one account.
CREATE TABLE vehicle_groups (
  id bigserial PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts(id),
  parent_id bigint REFERENCES vehicle_groups(id),
  name text NOT NULL,
  sort integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX vehicle_groups_account_idx ON vehicle_groups (account_id);

CREATE TABLE terminals (
  id bigserial PRIMARY KEY,
  -- As the terminal sends it: JT/T 808 BCD phone digits (12 or 20), GT06/H02 IMEI (15).
  identifier text NOT NULL,
  -- The identifier without leading zeros: '013800138000' and '13800138000' are one terminal.
  identifier_key text NOT NULL UNIQUE,
  protocol text NOT NULL,
  model text NOT NULL DEFAULT '',
  sim text NOT NULL DEFAULT '',
  -- NULL: connected unregistered, or returned to stock; only platform administrators see it.
  account_id bigint REFERENCES accounts(id),
  -- A new owner sees history from this moment on, not the previous owner's.
  assigned_at timestamptz,
  enabled boolean NOT NULL DEFAULT true,
  activated_at timestamptz,
  service_expires_at timestamptz,
  online boolean NOT NULL DEFAULT false,
  last_seen_at timestamptz,
  online_changed_at timestamptz,
  remark text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX terminals_account_idx ON terminals (account_id);
CREATE INDEX terminals_online_idx ON terminals (last_seen_at) WHERE online;

CREATE TABLE vehicles (
  id bigserial PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts(id),
  group_id bigint REFERENCES vehicle_groups(id) ON DELETE SET NULL,
  terminal_id bigint UNIQUE REFERENCES terminals(id) ON DELETE SET NULL,
  name text NOT NULL,
  plate text NOT NULL DEFAULT '',
  type text NOT NULL DEFAULT 'vehicle',
  driver text NOT NULL DEFAULT '',
  driver_phone text NOT NULL DEFAULT '',
  icon text NOT NULL DEFAULT '',
  remark text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
-- A plate identifies one vehicle on the whole platform.
CREATE UNIQUE INDEX vehicles_plate_idx ON vehicles (plate) WHERE plate <> '';
CREATE INDEX vehicles_account_idx ON vehicles (account_id);
CREATE INDEX vehicles_group_idx ON vehicles (group_id);
