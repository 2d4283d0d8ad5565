import type { Queryable } from '../db/types.ts';

/** One row of ebike_battery_reports (migration 0020) as ebikeRows.ts shapes it: times ISO, figures finite. */
export interface BatteryRecord {
  terminal_id: number;
  received_at: string;
  bms_time: string | null;
  battery_serial: string;
  soc_pct: number;
  remaining_mah: number;
  absolute_soc_pct: number;
  full_mah: number;
  health_pct: number;
  temperature_c: number;
  current_a: number;
  voltage_v: number;
  cycles: number;
  cell_volts: number[];
  charge_interval_h: number;
  max_charge_interval_h: number;
  barcode: string;
  battery_version: number;
  manufacturer: string;
  battery_status: number;
  controller_status: number;
  controller_fault: number;
  implausible: readonly string[];
}

/** One terminal's newest device status for ebike_states: a field the report did not carry is null. */
export interface EbikeStateRecord {
  terminal_id: number;
  reported_at: string;
  armed: boolean | null;
  acc: boolean | null;
  power_cut: boolean | null;
  charging: boolean | null;
  supply_volts: number | null;
  charge_volts: number | null;
  battery_temp_c: number | null;
}

export const ebikeRowsQueries = {
  /** A flush's BMS reports, in one statement. */
  insertBatteryReports: (q: Queryable, records: readonly BatteryRecord[]) =>
    q.query(
      `INSERT INTO ebike_battery_reports (terminal_id, received_at, bms_time, battery_serial, soc_pct, remaining_mah, absolute_soc_pct,
              full_mah, health_pct, temperature_c, current_a, voltage_v, cycles, cell_volts, charge_interval_h, max_charge_interval_h,
              barcode, battery_version, manufacturer, battery_status, controller_status, controller_fault, implausible)
       SELECT terminal_id, received_at, bms_time, battery_serial, soc_pct, remaining_mah, absolute_soc_pct, full_mah, health_pct,
              temperature_c, current_a, voltage_v, cycles,
              ARRAY(SELECT c.v::double precision FROM json_array_elements_text(cell_volts) WITH ORDINALITY AS c(v, i) ORDER BY c.i),
              charge_interval_h, max_charge_interval_h, barcode, battery_version, manufacturer, battery_status, controller_status,
              controller_fault, ARRAY(SELECT json_array_elements_text(implausible))
         FROM json_to_recordset($1::json) AS x(terminal_id bigint, received_at timestamptz, bms_time timestamptz, battery_serial text,
              soc_pct smallint, remaining_mah integer, absolute_soc_pct smallint, full_mah integer, health_pct smallint,
              temperature_c double precision, current_a double precision, voltage_v double precision, cycles integer, cell_volts json,
              charge_interval_h integer, max_charge_interval_h integer, barcode text, battery_version integer, manufacturer text,
              battery_status bigint, controller_status bigint, controller_fault bigint, implausible json)`,
      [JSON.stringify(records)],
    ),

  /** One row per terminal (at most one record each); a null keeps the stored value, an older report changes nothing. */
  upsertStates: (q: Queryable, records: readonly EbikeStateRecord[]) =>
    q.query(
      `INSERT INTO ebike_states AS e (terminal_id, reported_at, armed, acc, power_cut, charging, supply_volts, charge_volts, battery_temp_c)
       SELECT * FROM json_to_recordset($1::json) AS x(terminal_id bigint, reported_at timestamptz, armed boolean, acc boolean,
              power_cut boolean, charging boolean, supply_volts double precision, charge_volts double precision, battery_temp_c double precision)
       ON CONFLICT (terminal_id) DO UPDATE SET
         reported_at = excluded.reported_at,
         armed = COALESCE(excluded.armed, e.armed),
         acc = COALESCE(excluded.acc, e.acc),
         power_cut = COALESCE(excluded.power_cut, e.power_cut),
         charging = COALESCE(excluded.charging, e.charging),
         supply_volts = COALESCE(excluded.supply_volts, e.supply_volts),
         charge_volts = COALESCE(excluded.charge_volts, e.charge_volts),
         battery_temp_c = COALESCE(excluded.battery_temp_c, e.battery_temp_c)
       WHERE e.reported_at <= excluded.reported_at`,
      [JSON.stringify(records)],
    ),
};
