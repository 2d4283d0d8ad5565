import { describe, expect, it } from 'vitest';
import { implausibleBmsFields } from '@chelian/protocols';
import { cityByName } from './cities.ts';
import { StreetDriver } from './driver.ts';
import { SimBattery } from './ebikeBattery.ts';
import { Rng } from './random.ts';

describe('an e-bike pack', () => {
  it('drains riding, charges parked when low until full, warms with current, counts cycles', () => {
    const b = new SimBattery(new Rng(1), { socPct: 50, capacityMah: 20_000 });
    const cycles = b.cycles;
    for (let i = 0; i < 3600; i++) b.step(1, 20, false); // an hour at 20 km/h: 9 A
    expect(b.socPct).toBeCloseTo(5, 0);
    expect(b.charging).toBe(false);
    expect(b.temperatureC).toBeGreaterThan(25);
    b.step(1, 0, true); // parked below 30 %: plugged in
    expect(b.charging).toBe(true);
    for (let i = 0; i < 6 * 3600 && b.charging; i++) b.step(1, 0, true);
    expect(b.socPct).toBeGreaterThan(99.9); // full; the charger off, the electronics draw again
    expect(b.charging).toBe(false);
    for (let i = 0; i < 3600 * 3; i++) b.step(1, 25, false);
    expect(b.cycles).toBeGreaterThan(cycles);
  });

  it('reports figures a real pack reports: 13 cells, pack voltage their sum, nothing implausible', () => {
    const b = new SimBattery(new Rng(2), { socPct: 100 });
    for (const soc of [100, 50, 0]) {
      b.socPct = soc;
      const f = b.figures();
      expect(f.cellVolts).toHaveLength(13);
      expect(f.voltageV).toBeCloseTo(
        f.cellVolts.reduce((a, c) => a + c, 0),
        2,
      );
      expect(
        implausibleBmsFields(
          {
            ...f,
            serialHex: '',
            barcode: '',
            batteryVersion: 0,
            manufacturer: '',
            chargeIntervalH: 0,
            maxChargeIntervalH: 0,
            batteryStatus: 0,
            controllerStatus: 0,
            controllerFault: 0,
          },
          f.cellVolts,
        ),
      ).toEqual([]);
    }
    b.socPct = 100;
    expect(b.figures().voltageV).toBeGreaterThan(53);
    b.socPct = 0;
    expect(b.figures().voltageV).toBeLessThan(44);
  });
});

describe('a steered driver', () => {
  it('rides at the speed a test sets, stops at 0 and goes back to its own plan when released', () => {
    const d = new StreetDriver({ city: cityByName('深圳')!, rng: new Rng(3), startParked: true, cruiseKmh: [12, 25] });
    d.speedOverrideKmh = 30;
    d.step(30);
    expect(d.speedKmh).toBeCloseTo(30, 5);
    expect(d.fix().acc).toBe(true);
    d.speedOverrideKmh = 0;
    d.step(10);
    expect(d.speedKmh).toBe(0);
    const at = d.fix();
    d.step(60);
    expect(d.fix()).toMatchObject({ lat: at.lat, lon: at.lon });
    d.speedOverrideKmh = null;
    d.step(120);
    expect(d.speedKmh).toBeLessThanOrEqual(25 * 1.3 + 1e-9);
  });
});
