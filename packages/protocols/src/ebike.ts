/**
 * The e-bike part of the normalized model: the terminal's anti-theft and power state, and the
 * battery-management (BMS) report. Units are in the field names; docs/protocols-ebike.md gives
 * the wire layouts these come from.
 */

/**
 * E-bike terminal state (GT06 0xF1 device status). Every field is optional: a frame fills in what
 * it carries, and a reader keeps the last value of the others.
 */
export interface EbikeStatus {
  /** 设防: the anti-theft guard is on (vibration/displacement/ACC raise alarms). */
  armed?: boolean;
  /** ACC (电门锁) on. */
  acc?: boolean;
  /** Power to the motor cut by the terminal's relay (断电). */
  powerCut?: boolean;
  /** A charger is connected and charging. */
  charging?: boolean;
  /** Supply voltage: the bike's battery pack as the terminal measures it, volts. */
  supplyVolts?: number;
  /** Charger voltage at the charge port, volts (0 when no charger). */
  chargeVolts?: number;
  /** Battery temperature, °C. */
  batteryTempC?: number;
}

/** A BMS figure that can be outside what a real pack reports. */
export type BmsField = 'voltage' | 'cells' | 'temperature' | 'soc' | 'health' | 'current';

/**
 * A battery-management report (GT06 0x40 "WD-209" layout; the same content in JT/T 808 0x0900
 * type 0xF0). Figures are kept as received; `implausible` names those no real pack can report
 * (a cell at 0 V or 65 V, −200 °C): they are stored and shown but never raise an alarm.
 */
export interface BmsReport {
  /** Battery serial number as sent (8 bytes, hex). */
  serialHex: string;
  /** When the BMS took the figures, epoch ms UTC; undefined when the field is 0. */
  time?: number;
  /** Relative state of charge (SBS RelativeStateOfCharge), %. */
  socPct: number;
  /** Remaining capacity, mAh. */
  remainingMah: number;
  /** Absolute state of charge (of design capacity), %. */
  absoluteSocPct: number;
  /** Full-charge capacity, mAh. */
  fullMah: number;
  /** State of health, %. */
  healthPct: number;
  /** Pack temperature, °C (sent in 0.1 K). */
  temperatureC: number;
  /** Pack current, A; positive while charging, negative while discharging. */
  currentA: number;
  /** Pack voltage, V. */
  voltageV: number;
  /** Charge/discharge cycles. */
  cycles: number;
  /** Cell voltages, V, in cell order; cells the pack does not have (trailing zeros) left out. */
  cellVolts: number[];
  /** Hours since the last full charge, and the longest such interval. */
  chargeIntervalH: number;
  maxChargeIntervalH: number;
  barcode: string;
  batteryVersion: number;
  manufacturer: string;
  /** Status and fault words as sent (vendor bit meanings; nonzero fault = a fault is reported). */
  batteryStatus: number;
  controllerStatus: number;
  controllerFault: number;
  /** Figures outside what a real pack can report. Empty for a sane report. */
  implausible: BmsField[];
}

/** Limits of what a real e-bike pack can report (GB 43854-2024 packs are ≤ 60 V nominal). */
export const BMS_PLAUSIBLE = {
  cellVolts: { min: 0.5, max: 5 },
  packVolts: { min: 1, max: 100 },
  temperatureC: { min: -40, max: 125 },
  currentA: { min: -500, max: 500 },
  percent: { max: 100 },
} as const;

/** The fields of a report outside BMS_PLAUSIBLE; `cellsSent` are all the cell values as sent. */
export function implausibleBmsFields(r: Omit<BmsReport, 'implausible'>, cellsSent: readonly number[]): BmsField[] {
  const out: BmsField[] = [];
  const L = BMS_PLAUSIBLE;
  const outside = (v: number, min: number, max: number) => !Number.isFinite(v) || v < min || v > max;
  if (outside(r.voltageV, L.packVolts.min, L.packVolts.max)) out.push('voltage');
  // Cells the pack lacks read 0 at the end; a 0 between real cells, or none at all, is a bad reading.
  const present = cellsSent.slice(0, lastNonZero(cellsSent) + 1);
  if (present.length === 0 || present.some((v) => outside(v, L.cellVolts.min, L.cellVolts.max))) out.push('cells');
  if (outside(r.temperatureC, L.temperatureC.min, L.temperatureC.max)) out.push('temperature');
  if (r.socPct > L.percent.max || r.absoluteSocPct > L.percent.max) out.push('soc');
  if (r.healthPct > L.percent.max) out.push('health');
  if (outside(r.currentA, L.currentA.min, L.currentA.max)) out.push('current');
  return out;
}

function lastNonZero(values: readonly number[]): number {
  for (let i = values.length - 1; i >= 0; i--) if (values[i] !== 0) return i;
  return -1;
}
