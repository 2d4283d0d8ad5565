import { describe, expect, it } from 'vitest';
import type { BatteryReport } from '../ebike/battery.queries.ts';
import { batteryRisk, healthBand } from './gbRisk.ts';

const calm: BatteryReport = {
  id: 1,
  receivedAt: 0,
  bmsTime: null,
  batterySerial: '01',
  socPct: 80,
  remainingMah: 16000,
  absoluteSocPct: 80,
  fullMah: 20000,
  healthPct: 95,
  temperatureC: 28,
  currentA: -3,
  voltageV: 51.2,
  cycles: 100,
  cellVolts: [3.94, 3.95],
  cellMaxV: 3.95,
  cellMinV: 3.94,
  cellSpreadV: 0.01,
  chargeIntervalH: 1,
  maxChargeIntervalH: 2,
  barcode: '',
  batteryVersion: 1,
  manufacturer: '',
  batteryStatus: 0,
  controllerStatus: 0,
  controllerFault: 0,
  implausible: [],
};

describe('battery risk', () => {
  it('is zero for a calm pack and for none', () => {
    expect(batteryRisk(calm)).toEqual({ risk: 0, reasons: [], health: 'good', healthName: '良好（≥80%）' });
    expect(batteryRisk(null)).toMatchObject({ risk: 0, health: 'unknown' });
  });

  it('weighs the GB alarm conditions above warnings and wear, capped at 100', () => {
    const hot = batteryRisk({ ...calm, temperatureC: 62 });
    const warm = batteryRisk({ ...calm, temperatureC: 52 });
    const worn = batteryRisk({ ...calm, healthPct: 70 });
    expect(hot.risk).toBeGreaterThan(warm.risk);
    expect(warm.risk).toBeGreaterThan(worn.risk);
    expect(hot.reasons).toEqual(['温度 62.0°C ≥ 60°C']);
    expect(worn).toMatchObject({ health: 'fair', reasons: ['健康度 70%'] });
    const everything = batteryRisk({
      ...calm,
      temperatureC: 70,
      cellMaxV: 4.4,
      cellMinV: 2.5,
      cellSpreadV: 1.9,
      currentA: 60,
      controllerFault: 4,
      healthPct: 40,
    });
    expect(everything.risk).toBe(100);
    expect(everything.health).toBe('poor');
  });

  it('raises nothing on implausible figures but notes them', () => {
    const broken = batteryRisk({
      ...calm,
      temperatureC: -200,
      cellMaxV: null,
      cellMinV: null,
      cellSpreadV: null,
      implausible: ['temperature', 'cells'],
    });
    expect(broken).toMatchObject({ risk: 5, reasons: ['读数异常'] });
  });

  it('bands health', () => {
    expect(healthBand(80).key).toBe('good');
    expect(healthBand(79).key).toBe('fair');
    expect(healthBand(59).key).toBe('poor');
    expect(healthBand(null).key).toBe('unknown');
  });
});
