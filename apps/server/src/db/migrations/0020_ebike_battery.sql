-- E-bikes (docs/protocols-ebike.md): every battery-management report as received (GT06 0x40,
-- JT/T 808 0x0900 type 0xF0), and each e-bike's latest device status (GT06 0xF1).

CREATE TABLE ebike_battery_reports (
  id bigserial PRIMARY KEY,
  terminal_id bigint NOT NULL REFERENCES terminals(id) ON DELETE CASCADE,
  received_at timestamptz NOT NULL,
  -- The BMS's own clock, as sent (NULL when it sent 0); readers order by received_at.
  bms_time timestamptz,
  battery_serial text NOT NULL,
  soc_pct smallint NOT NULL,
  remaining_mah integer NOT NULL,
  absolute_soc_pct smallint NOT NULL,
  full_mah integer NOT NULL,
  health_pct smallint NOT NULL,
  temperature_c double precision NOT NULL,
  -- positive while charging, negative while discharging
  current_a double precision NOT NULL,
  voltage_v double precision NOT NULL,
  cycles integer NOT NULL,
  cell_volts double precision[] NOT NULL,
  charge_interval_h integer NOT NULL,
  max_charge_interval_h integer NOT NULL,
  barcode text NOT NULL,
  battery_version integer NOT NULL,
  manufacturer text NOT NULL,
  battery_status bigint NOT NULL,
  controller_status bigint NOT NULL,
  controller_fault bigint NOT NULL,
  -- Figures no real pack reports (cells, temperature, voltage, …): kept as received, never alarmed on.
  implausible text[] NOT NULL DEFAULT '{}'
);
CREATE INDEX ebike_battery_reports_terminal_idx ON ebike_battery_reports (terminal_id, received_at DESC);

-- One row per terminal: the newest 0xF1 report (a field it did not carry keeps its last value).
CREATE TABLE ebike_states (
  terminal_id bigint PRIMARY KEY REFERENCES terminals(id) ON DELETE CASCADE,
  reported_at timestamptz NOT NULL,
  armed boolean,
  acc boolean,
  power_cut boolean,
  charging boolean,
  supply_volts double precision,
  charge_volts double precision,
  battery_temp_c double precision
);
