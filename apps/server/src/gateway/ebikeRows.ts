/**
 * E-bike reports as the gateway stores them: a BMS report per row of ebike_battery_reports, the
 * 0xF1 device status into ebike_states (migration 0020). Writes go with the positions' flush, so a
 * terminal is answered only once what it sent is stored.
 */
import type { BmsReport, EbikeStatus } from '@chelian/protocols/model.ts';
import type { Db, Queryable } from '../db/types.ts';
import { ebikeRowsQueries, type BatteryRecord, type EbikeStateRecord } from './ebikeRows.queries.ts';

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

/** The rows made fit for their columns (finite figures, no NUL, the newest state per terminal), then stored (ebikeRows.queries.ts). */
export const ebikeIngestQueries = {
  /** A flush's e-bike rows, in one transaction. */
  store: (db: Db, batteries: readonly BatteryRow[], states: readonly EbikeStateRow[]) =>
    db.tx(async (q) => {
      await ebikeIngestQueries.insertBatteryReports(q, batteries);
      await ebikeIngestQueries.upsertStates(q, states);
    }),

  insertBatteryReports: async (q: Queryable, rows: readonly BatteryRow[]) => {
    if (!rows.length) return;
    const records = rows.map(({ terminalPk, receivedAt, bms: b }): BatteryRecord => ({
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
    await ebikeRowsQueries.insertBatteryReports(q, records);
  },

  /** The newest report per terminal wins; a field a report did not carry keeps its value. */
  upsertStates: async (q: Queryable, rows: readonly EbikeStateRow[]) => {
    if (!rows.length) return;
    const newest = new Map<number, EbikeStateRow>();
    for (const r of rows) if ((newest.get(r.terminalPk)?.reportedAt ?? -Infinity) <= r.reportedAt) newest.set(r.terminalPk, r);
    const records = [...newest.values()]
      .sort((a, b) => a.terminalPk - b.terminalPk)
      .map(({ terminalPk, reportedAt, state: s }): EbikeStateRecord => ({
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
    await ebikeRowsQueries.upsertStates(q, records);
  },
};
