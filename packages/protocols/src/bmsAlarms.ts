/**
 * The alarms a BMS report raises, by the thresholds below (docs/protocols-ebike.md). They are facts
 * of the pack, so the gateway (which raises them) and 新国标's risk grading read this one copy. A
 * figure the report flags as implausible (a cell at 0 V or 65 V, −200 °C) is no evidence of
 * anything: it raises nothing, so a broken sensor does not page an operator.
 */
import type { AlarmType } from './alarms.ts';
import type { BmsReport } from './model.ts';

export const BMS_THRESHOLDS = {
  /** Pack temperature at or above this, °C (Li-ion packs stop discharging at ~60 °C). */
  overTempC: 60,
  /** Any cell above this, V (Li-ion NMC charge limit 4.2 V plus margin). */
  cellOverVolts: 4.25,
  /** Any cell below this, V (Li-ion discharge cut-off ~2.8 V). */
  cellUnderVolts: 2.8,
  /** Pack current magnitude above this, A (e-bike controllers draw up to ~30 A). */
  overCurrentA: 40,
  /** Highest minus lowest cell above this, V. */
  cellSpreadVolts: 0.3,
} as const;

const NONE: AlarmType[] = [];

export function bmsAlarms(r: BmsReport, t = BMS_THRESHOLDS): AlarmType[] {
  const bad = new Set(r.implausible);
  let out: AlarmType[] | null = null;
  const raise = (a: AlarmType) => (out ??= []).push(a);
  if (!bad.has('temperature') && r.temperatureC >= t.overTempC) raise('batteryOverTemp');
  if (!bad.has('cells') && r.cellVolts.length) {
    const max = Math.max(...r.cellVolts);
    const min = Math.min(...r.cellVolts);
    if (max > t.cellOverVolts) raise('batteryOverVoltage');
    if (min < t.cellUnderVolts) raise('batteryUnderVoltage');
    if (max - min > t.cellSpreadVolts) raise('cellImbalance');
  }
  if (!bad.has('current') && Math.abs(r.currentA) > t.overCurrentA) raise('batteryOverCurrent');
  if (r.controllerFault !== 0) raise('batteryFault');
  return out ?? NONE;
}
