-- 电单车卫士: an e-bike is a vehicle of type 'ebike'; this is its profile, its guard settings
-- and the guard state the platform derives alarms from. One row per bike.
CREATE TABLE elec_car_bikes (
  vehicle_id bigint PRIMARY KEY REFERENCES vehicles(id) ON DELETE CASCADE,
  brand text NOT NULL DEFAULT '',
  model text NOT NULL DEFAULT '',
  frame_no text NOT NULL DEFAULT '',
  motor_no text NOT NULL DEFAULT '',
  -- nominal pack voltage (V) and capacity (Ah)
  battery_voltage real,
  battery_capacity real,
  auto_arm boolean NOT NULL DEFAULT true,
  auto_arm_delay integer NOT NULL DEFAULT 120,
  vibration_level smallint NOT NULL DEFAULT 5,
  displacement_radius integer NOT NULL DEFAULT 300,
  overspeed_kmh integer NOT NULL DEFAULT 25,
  report_interval integer NOT NULL DEFAULT 10,
  -- Guard state: armed as last reported (or commanded), where it stood when armed, and which
  -- derived alarms this arming (or this overspeed episode) already raised.
  armed boolean,
  armed_at timestamptz,
  armed_lat double precision,
  armed_lon double precision,
  acc_alarmed boolean NOT NULL DEFAULT false,
  displaced boolean NOT NULL DEFAULT false,
  overspeeding boolean NOT NULL DEFAULT false,
  -- power cut as last carried out by the platform (the terminal's own report wins when it sends one)
  power_cut boolean,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Every power cut and restore: who sent it, and what became of it.
-- pending (cut waiting for the bike to slow down) → sent → done | failed; pending → expired | cancelled.
CREATE TABLE elec_car_power_orders (
  id bigserial PRIMARY KEY,
  vehicle_id bigint REFERENCES vehicles(id) ON DELETE SET NULL,
  terminal_id bigint NOT NULL REFERENCES terminals(id) ON DELETE CASCADE,
  -- the owner when it was sent: a later owner does not see it
  account_id bigint REFERENCES accounts(id),
  user_id bigint REFERENCES users(id) ON DELETE SET NULL,
  user_name text NOT NULL DEFAULT '',
  action text NOT NULL,
  status text NOT NULL DEFAULT 'pending',
  command_id bigint REFERENCES commands(id) ON DELETE SET NULL,
  reason text NOT NULL DEFAULT '',
  speed_at_request real,
  speed_at_execution real,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  executed_at timestamptz,
  finished_at timestamptz
);
CREATE INDEX elec_car_power_orders_open_idx ON elec_car_power_orders (terminal_id) WHERE status IN ('pending', 'sent');
CREATE INDEX elec_car_power_orders_vehicle_idx ON elec_car_power_orders (vehicle_id, id DESC);
