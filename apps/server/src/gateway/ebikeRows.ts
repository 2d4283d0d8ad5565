/**
 * E-bike reports as the gateway stores them: a BMS report per row of ebike_battery_reports, the
 * 0xF1 device status into ebike_states (migration 0020). Writes go with the positions' flush, so a
 * terminal is answered only once what it sent is stored.
 */
import type { BmsReport, EbikeStatus } from '@chelian/protocols/model.ts';
import type { Db, Queryable } from '../db/types.ts';

export interface BatteryRow {
  terminalPk: number;
  receivedAt: number;
  bms: BmsReport;
}

export interface EbikeStateRow {
  terminalPk: number;
  reportedAt: number;
  state: EbikeStatus;
}

/** Finite or null: a figure JSON cannot carry (NaN) must not fail the whole flush. */
const num = (n: number | undefined) => (n !== undefined && Number.isFinite(n) ? n : null);
const int = (n: number) => (Number.isFinite(n) ? Math.trunc(n) : 0);
/** Text a PostgreSQL text column takes (no NUL). */
const text = (s: string) => s.replace(/\0/g, '');

export const ebikeIngestQueries = {
  /** A flush's e-bike rows, in one transaction. */
  store: (db: Db, batteries: readonly BatteryRow[], states: readonly EbikeStateRow[]) =>
    db.tx(async (q) => {
      await ebikeIngestQueries.insertBatteryReports(q, batteries);
      await ebikeIngestQueries.upsertStates(q, states);
    }),

  insertBatteryReports: async (q: Queryable, rows: readonly BatteryRow[]) => {
    if (!rows.length) return;
    const records = rows.map(({ terminalPk, receivedAt, bms: b }) => ({
      terminal_id: terminalPk,
      received_at: new Date(receivedAt).toISOString(),
      bms_time: b.time !== undefined && Number.isFinite(b.time) ? new Date(b.time).toISOString() : null,
      battery_serial: text(b.serialHex),
      soc_pct: int(b.socPct),
      remaining_mah: int(b.remainingMah),
      absolute_soc_pct: int(b.absoluteSocPct),
      full_mah: int(b.fullMah),
      health_pct: int(b.healthPct),
      temperature_c: num(b.temperatureC) ?? 0,
      current_a: num(b.currentA) ?? 0,
      voltage_v: num(b.voltageV) ?? 0,
      cycles: int(b.cycles),
      cell_volts: b.cellVolts.map((v) => num(v) ?? 0),
      charge_interval_h: int(b.chargeIntervalH),
      max_charge_interval_h: int(b.maxChargeIntervalH),
      barcode: text(b.barcode),
      battery_version: int(b.batteryVersion),
      manufacturer: text(b.manufacturer),
      battery_status: int(b.batteryStatus),
      controller_status: int(b.controllerStatus),
      controller_fault: int(b.controllerFault),
      implausible: b.implausible,
    }));
    await q.query(
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
    );
  },

  /** The newest report per terminal wins; a field a report did not carry keeps its value. */
  upsertStates: async (q: Queryable, rows: readonly EbikeStateRow[]) => {
    if (!rows.length) return;
    const newest = new Map<number, EbikeStateRow>();
    for (const r of rows) if ((newest.get(r.terminalPk)?.reportedAt ?? -Infinity) <= r.reportedAt) newest.set(r.terminalPk, r);
    const records = [...newest.values()]
      .sort((a, b) => a.terminalPk - b.terminalPk)
      .map(({ terminalPk, reportedAt, state: s }) => ({
        terminal_id: terminalPk,
        reported_at: new Date(reportedAt).toISOString(),
        armed: s.armed ?? null,
        acc: s.acc ?? null,
        power_cut: s.powerCut ?? null,
        charging: s.charging ?? null,
        supply_volts: num(s.supplyVolts),
        charge_volts: num(s.chargeVolts),
        battery_temp_c: num(s.batteryTempC),
      }));
    await q.query(
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
    );
  },
};
