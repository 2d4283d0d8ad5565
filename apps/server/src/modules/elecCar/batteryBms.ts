import type { BikeBattery } from '@chelian/contracts';
import { CHARGING_AMPS, bmsChargeSessions, type BatteryReport } from '../ebike/battery.queries.ts';

const FIELD_ZH: Record<string, string> = {
  voltage: '总电压',
  cells: '电芯电压',
  temperature: '温度',
  soc: '电量',
  health: '健康度',
  current: '电流',
};
const hex = (n: number) => `0x${n.toString(16).toUpperCase().padStart(4, '0')}`;
const ok = (r: BatteryReport, field: string) => !r.implausible.includes(field as BatteryReport['implausible'][number]);

/** The newest BMS report as the battery page lists it: figures with units, cells, faults, flagged readings. */
export function presentBms(r: BatteryReport): NonNullable<BikeBattery['bms']> {
  const figures: Array<[string, string, string]> = [
    ['soc', '剩余电量', `${r.socPct}%`],
    ['remaining', '剩余容量', `${(r.remainingMah / 1000).toFixed(1)} Ah / ${(r.fullMah / 1000).toFixed(1)} Ah`],
    ['health', '健康度', `${r.healthPct}%`],
    ['voltage', '总电压', `${r.voltageV.toFixed(2)} V`],
    ['current', '电流', `${r.currentA > 0 ? '+' : ''}${r.currentA.toFixed(2)} A${r.currentA > CHARGING_AMPS ? '（充电）' : ''}`],
    ['temperature', '温度', `${r.temperatureC.toFixed(1)} °C`],
    ['cycles', '循环次数', `${r.cycles}`],
    ['spread', '电芯压差', r.cellSpreadV === null ? '—' : `${Math.round(r.cellSpreadV * 1000)} mV（${r.cellMinV} – ${r.cellMaxV} V）`],
    ['interval', '距上次充满', `${r.chargeIntervalH} 小时（最长 ${r.maxChargeIntervalH} 小时）`],
    ['serial', '电池编号', r.barcode || r.batterySerial],
    ['maker', '厂商 / 版本', `${r.manufacturer || '—'} / ${r.batteryVersion}`],
    ['status', '电池 / 控制器状态', `${hex(r.batteryStatus)} / ${hex(r.controllerStatus)}`],
  ];
  const faults = r.controllerFault !== 0 ? [`控制器故障码 ${hex(r.controllerFault)}`] : [];
  return {
    time: r.receivedAt,
    figures: figures.map(([key, label, value]) => ({ key, label, value })),
    cells: ok(r, 'cells') ? r.cellVolts : [],
    faults,
    flagged: r.implausible.map((f) => `${FIELD_ZH[f] ?? f}读数异常`),
  };
}

/** Trend and charge sessions from BMS reports (implausible figures left out of the trend). */
export function bmsTrend(reports: readonly BatteryReport[]): Pick<BikeBattery, 'trend' | 'charges'> {
  const trend = reports.map((r) => ({
    time: r.receivedAt,
    voltage: ok(r, 'voltage') ? Math.round(r.voltageV * 10) / 10 : null,
    percent: ok(r, 'soc') ? r.socPct : null,
    charging: ok(r, 'current') ? r.currentA > CHARGING_AMPS : null,
  }));
  const voltageAt = new Map(trend.map((p) => [p.time, p.voltage]));
  const charges = bmsChargeSessions(reports).map((s) => ({
    start: s.start,
    end: s.end,
    startPercent: s.startSocPct,
    endPercent: s.endSocPct,
    startVoltage: voltageAt.get(s.start) ?? null,
    endVoltage: s.end === null ? null : (voltageAt.get(s.end) ?? null),
  }));
  return { trend, charges };
}
