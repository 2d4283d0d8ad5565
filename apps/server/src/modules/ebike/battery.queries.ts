/**
 * Reading the e-bike storage of migration 0020 (the gateway writes it: gateway/ebikeRows.ts).
 * Every function takes a terminal's row id the caller has already checked is in its tenant's
 * scope (core/terminalScope.ts): nothing here knows about accounts.
 */
import type { BmsField } from '@chelian/protocols/model.ts';
import type { Queryable } from '../../db/types.ts';
import { sinceHandOverOf } from '../../core/handover.ts';

/** One BMS report as stored (figures as received; `implausible` names those no real pack reports). */
export interface BatteryReport {
  id: number;
  receivedAt: number;
  /** The BMS's own clock, epoch ms; null when it sent none. */
  bmsTime: number | null;
  batterySerial: string;
  socPct: number;
  remainingMah: number;
  absoluteSocPct: number;
  fullMah: number;
  healthPct: number;
  temperatureC: number;
  /** Positive while charging. */
  currentA: number;
  voltageV: number;
  cycles: number;
  cellVolts: number[];
  /** Highest and lowest cell and their difference, V; null without cells or when the cells are implausible. */
  cellMaxV: number | null;
  cellMinV: number | null;
  cellSpreadV: number | null;
  chargeIntervalH: number;
  maxChargeIntervalH: number;
  barcode: string;
  batteryVersion: number;
  manufacturer: string;
  batteryStatus: number;
  controllerStatus: number;
  controllerFault: number;
  implausible: BmsField[];
}

/** The latest GT06 0xF1 device status of a terminal. */
export interface EbikeState {
  reportedAt: number;
  armed: boolean | null;
  acc: boolean | null;
  powerCut: boolean | null;
  charging: boolean | null;
  supplyVolts: number | null;
  chargeVolts: number | null;
  batteryTempC: number | null;
}

/** A run of consecutive reports with the pack charging (current above CHARGING_AMPS). */
export interface BmsChargeSession {
  start: number;
  /** The last charging report; null while the newest report still charges. */
  end: number | null;
  startSocPct: number;
  endSocPct: number;
  maxTemperatureC: number | null;
}

/** Current above this (A, into the pack) counts as charging: below it is measurement noise. */
export const CHARGING_AMPS = 0.2;

interface ReportRow {
  id: string | number;
  received_at: Date;
  bms_time: Date | null;
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
  battery_status: string | number;
  controller_status: string | number;
  controller_fault: string | number;
  implausible: string[];
}

const COLUMNS = `id, received_at, bms_time, battery_serial, soc_pct, remaining_mah, absolute_soc_pct, full_mah, health_pct, temperature_c,
  current_a, voltage_v, cycles, cell_volts, charge_interval_h, max_charge_interval_h, barcode, battery_version, manufacturer,
  battery_status, controller_status, controller_fault, implausible`;

/** Rounded to the millivolt: the stored doubles print as 3.8000000000000003 otherwise. */
const mv = (v: number) => Math.round(v * 1000) / 1000;

export function presentReport(r: ReportRow): BatteryReport {
  const implausible = r.implausible as BmsField[];
  const cells = r.cell_volts.map(Number);
  const usable = cells.length > 0 && !implausible.includes('cells');
  const max = usable ? Math.max(...cells) : null;
  const min = usable ? Math.min(...cells) : null;
  return {
    id: Number(r.id),
    receivedAt: r.received_at.getTime(),
    bmsTime: r.bms_time ? r.bms_time.getTime() : null,
    batterySerial: r.battery_serial,
    socPct: r.soc_pct,
    remainingMah: r.remaining_mah,
    absoluteSocPct: r.absolute_soc_pct,
    fullMah: r.full_mah,
    healthPct: r.health_pct,
    temperatureC: Number(r.temperature_c),
    currentA: Number(r.current_a),
    voltageV: Number(r.voltage_v),
    cycles: r.cycles,
    cellVolts: cells,
    cellMaxV: max,
    cellMinV: min,
    cellSpreadV: max !== null && min !== null ? mv(max - min) : null,
    chargeIntervalH: r.charge_interval_h,
    maxChargeIntervalH: r.max_charge_interval_h,
    barcode: r.barcode,
    batteryVersion: r.battery_version,
    manufacturer: r.manufacturer,
    batteryStatus: Number(r.battery_status),
    controllerStatus: Number(r.controller_status),
    controllerFault: Number(r.controller_fault),
    implausible,
  };
}

/** Charge sessions of reports in time order: each run with current into the pack. */
export function bmsChargeSessions(reports: readonly BatteryReport[]): BmsChargeSession[] {
  const out: BmsChargeSession[] = [];
  let open: BmsChargeSession | null = null;
  let lastAt = 0;
  for (const r of reports) {
    const charging = !r.implausible.includes('current') && r.currentA > CHARGING_AMPS;
    if (!charging) {
      if (open) open.end = lastAt;
      open = null;
      continue;
    }
    const temp = r.implausible.includes('temperature') ? null : r.temperatureC;
    if (!open) out.push((open = { start: r.receivedAt, end: null, startSocPct: r.socPct, endSocPct: r.socPct, maxTemperatureC: temp }));
    open.endSocPct = r.socPct;
    if (temp !== null && (open.maxTemperatureC === null || temp > open.maxTemperatureC)) open.maxTemperatureC = temp;
    lastAt = r.receivedAt;
  }
  return out;
}

export const batteryQueries = {
  /** The newest report of a terminal, or null. */
  latest: async (q: Queryable, terminalPk: number): Promise<BatteryReport | null> => {
    const [row] = await q.query<ReportRow>(
      `SELECT ${COLUMNS} FROM ebike_battery_reports WHERE terminal_id = $1 AND ${sinceHandOverOf('terminal_id', 'received_at')}
        ORDER BY received_at DESC, id DESC LIMIT 1`,
      [terminalPk],
    );
    return row ? presentReport(row) : null;
  },

  /** Reports received in [start, end), oldest first, at most `limit` (the newest ones when there are more). */
  between: async (q: Queryable, terminalPk: number, start: Date, end: Date, limit = 2000): Promise<BatteryReport[]> => {
    const rows = await q.query<ReportRow>(
      `SELECT * FROM (SELECT ${COLUMNS} FROM ebike_battery_reports WHERE terminal_id = $1 AND received_at >= $2 AND received_at < $3
          AND ${sinceHandOverOf('terminal_id', 'received_at')}
          ORDER BY received_at DESC, id DESC LIMIT $4) r ORDER BY received_at, id`,
      [terminalPk, start, end, limit],
    );
    return rows.map(presentReport);
  },

  /** The terminal's latest 0xF1 device status, or null when it never sent one. */
  state: async (q: Queryable, terminalPk: number): Promise<EbikeState | null> => {
    const [r] = await q.query<{
      reported_at: Date;
      armed: boolean | null;
      acc: boolean | null;
      power_cut: boolean | null;
      charging: boolean | null;
      supply_volts: number | null;
      charge_volts: number | null;
      battery_temp_c: number | null;
    }>(
      'SELECT reported_at, armed, acc, power_cut, charging, supply_volts, charge_volts, battery_temp_c FROM ebike_states WHERE terminal_id = $1',
      [terminalPk],
    );
    if (!r) return null;
    return {
      reportedAt: r.reported_at.getTime(),
      armed: r.armed,
      acc: r.acc,
      powerCut: r.power_cut,
      charging: r.charging,
      supplyVolts: r.supply_volts,
      chargeVolts: r.charge_volts,
      batteryTempC: r.battery_temp_c,
    };
  },
};
