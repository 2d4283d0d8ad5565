import { GB_HEALTH_BANDS, type GbHealth } from '@chelian/contracts';
import type { BatteryReport } from '../ebike/battery.queries.ts';
import { BMS_THRESHOLDS } from '@chelian/protocols';

/** Warning levels below the alarm thresholds (our choice, docs/elec-gb.md): a pack heading for trouble ranks above a calm one. */
export const RISK_WARN = { tempC: 50, cellSpreadV: 0.15, healthFairPct: 80, healthPoorPct: 60 } as const;

export interface BatteryRisk {
  risk: number;
  reasons: string[];
  health: GbHealth;
  healthName: string;
}

export function healthBand(healthPct: number | null): { key: GbHealth; name: string } {
  if (healthPct === null) return { key: 'unknown', name: '无数据' };
  return GB_HEALTH_BANDS.find((b) => healthPct >= b.min) ?? GB_HEALTH_BANDS[GB_HEALTH_BANDS.length - 1]!;
}

/**
 * A pack's risk, 0–100, from its newest BMS report: the GB alarm conditions weigh most, warnings
 * and wear less. Implausible figures add nothing but a small "readings abnormal" weight (a broken
 * sensor deserves a look, not an alarm).
 */
export function batteryRisk(r: BatteryReport | null): BatteryRisk {
  if (!r) return { risk: 0, reasons: [], health: 'unknown', healthName: '无数据' };
  const bad = new Set<string>(r.implausible);
  const reasons: string[] = [];
  let risk = 0;
  const add = (points: number, reason: string) => {
    risk += points;
    reasons.push(reason);
  };
  const t = BMS_THRESHOLDS;
  if (!bad.has('temperature')) {
    if (r.temperatureC >= t.overTempC) add(40, `温度 ${r.temperatureC.toFixed(1)}°C ≥ ${t.overTempC}°C`);
    else if (r.temperatureC >= RISK_WARN.tempC) add(15, `温度偏高 ${r.temperatureC.toFixed(1)}°C`);
  }
  if (r.cellMaxV !== null && r.cellMinV !== null && r.cellSpreadV !== null) {
    if (r.cellMaxV > t.cellOverVolts) add(30, `单体过压 ${r.cellMaxV} V`);
    if (r.cellMinV < t.cellUnderVolts) add(30, `单体欠压 ${r.cellMinV} V`);
    if (r.cellSpreadV > t.cellSpreadVolts) add(30, `压差 ${Math.round(r.cellSpreadV * 1000)} mV`);
    else if (r.cellSpreadV > RISK_WARN.cellSpreadV) add(10, `压差偏大 ${Math.round(r.cellSpreadV * 1000)} mV`);
  }
  if (!bad.has('current') && Math.abs(r.currentA) > t.overCurrentA) add(20, `电流 ${r.currentA.toFixed(1)} A`);
  if (r.controllerFault !== 0) add(20, '控制器故障');
  const healthPct = bad.has('health') ? null : r.healthPct;
  if (healthPct !== null && healthPct < RISK_WARN.healthPoorPct) add(20, `健康度 ${healthPct}%`);
  else if (healthPct !== null && healthPct < RISK_WARN.healthFairPct) add(10, `健康度 ${healthPct}%`);
  if (bad.size) add(5, '读数异常');
  const band = healthBand(healthPct);
  return { risk: Math.min(100, risk), reasons, health: band.key, healthName: band.name };
}
