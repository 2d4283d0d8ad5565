-- 新国标 (elec-gb, docs/elec-gb.md): the registry of e-bikes under GB 17761-2024, the owners'
-- declarations made through each bike's QR code, and the state of the GB alarms the platform derives.
CREATE TABLE elec_gb_bikes (
  id bigserial PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts(id),
  -- the bound BeiDou module (a terminal of the account's subtree); one registration per terminal
  terminal_id bigint UNIQUE REFERENCES terminals(id) ON DELETE SET NULL,
  bike_code text NOT NULL DEFAULT '',
  plate text NOT NULL DEFAULT '',
  frame_no text NOT NULL,
  motor_no text NOT NULL DEFAULT '',
  brand text NOT NULL DEFAULT '',
  model text NOT NULL DEFAULT '',
  ccc_cert text NOT NULL DEFAULT '',
  battery_type text NOT NULL DEFAULT 'lithium',
  battery_capacity real,
  battery_voltage real,
  -- the registered pack (its BMS serial or barcode) and charger: a different pack reporting is a mismatch
  battery_code text NOT NULL DEFAULT '',
  charger_code text NOT NULL DEFAULT '',
  iccid text NOT NULL DEFAULT '',
  owner_name text NOT NULL DEFAULT '',
  owner_phone text NOT NULL DEFAULT '',
  owner_id_no text NOT NULL DEFAULT '',
  use_type text NOT NULL DEFAULT 'personal',
  positioning_consent boolean NOT NULL DEFAULT false,
  -- pending (awaiting an operator) | registered | rejected
  state text NOT NULL DEFAULT 'registered',
  -- what the QR code carries: unguessable, so the public form cannot be walked by id
  declare_token text NOT NULL UNIQUE,
  -- GB alarm state (gbRules.ts): each flag set with a compare-and-set when its alarm is raised
  overspeeding boolean NOT NULL DEFAULT false,
  no_fix_since timestamptz,
  fix_failed boolean NOT NULL DEFAULT false,
  mismatched boolean NOT NULL DEFAULT false,
  comm_lost boolean NOT NULL DEFAULT false,
  last_bms_id bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- A frame number identifies one bike on the whole platform.
CREATE UNIQUE INDEX elec_gb_bikes_frame_idx ON elec_gb_bikes (frame_no);
CREATE INDEX elec_gb_bikes_account_idx ON elec_gb_bikes (account_id);

-- What an owner submitted through the bike's QR code, until an operator approves or rejects it.
CREATE TABLE elec_gb_declarations (
  id bigserial PRIMARY KEY,
  bike_id bigint NOT NULL REFERENCES elec_gb_bikes(id) ON DELETE CASCADE,
  owner_name text NOT NULL,
  owner_phone text NOT NULL,
  owner_id_no text NOT NULL,
  plate text NOT NULL DEFAULT '',
  use_type text NOT NULL,
  positioning_consent boolean NOT NULL,
  client_ip text NOT NULL DEFAULT '',
  -- pending | approved | rejected
  status text NOT NULL DEFAULT 'pending',
  reviewed_by bigint REFERENCES users(id) ON DELETE SET NULL,
  review_note text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  reviewed_at timestamptz
);
CREATE INDEX elec_gb_declarations_bike_idx ON elec_gb_declarations (bike_id, id DESC);
CREATE INDEX elec_gb_declarations_ip_idx ON elec_gb_declarations (client_ip, created_at DESC);

-- Every submission of the public form (accepted or not), by address: its rate limit, shared by every API process.
CREATE TABLE elec_gb_declare_attempts (
  client_ip text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX elec_gb_declare_attempts_idx ON elec_gb_declare_attempts (client_ip, at);
