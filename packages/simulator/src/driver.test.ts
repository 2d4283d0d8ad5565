import { describe, expect, it } from 'vitest';
import { distanceMeters } from '@chelian/geo/coords.ts';
import { CITIES, cityByName } from './cities.ts';
import { StreetDriver, type DriverFix } from './driver.ts';
import { Rng } from './random.ts';

const shenzhen = cityByName('深圳')!;

/** One fix per second for `seconds`. */
function drive(seed: number, seconds: number, city = shenzhen, startParked = false): DriverFix[] {
  const driver = new StreetDriver({ city, rng: new Rng(seed), startParked });
  const fixes: DriverFix[] = [];
  for (let s = 0; s < seconds; s++) {
    driver.step(1);
    fixes.push(driver.fix());
  }
  return fixes;
}

describe('street driver', () => {
  it('is deterministic for a seed, and seeds differ', () => {
    expect(drive(7, 1800)).toEqual(drive(7, 1800));
    expect(drive(7, 600)).not.toEqual(drive(8, 600));
  });

  it('stays near its city for hours, in every city', () => {
    for (const city of CITIES) {
      for (const seed of [1, 2, 3]) {
        const fixes = drive(seed, 4 * 3600, city);
        const farthest = Math.max(...fixes.map((f) => distanceMeters([city.lon, city.lat], [f.lon, f.lat])));
        expect(farthest, `${city.name} seed ${seed}`).toBeLessThan(8000);
      }
    }
  });

  it('drives at plausible speeds: cruising 20–80 km/h, stopping, rarely speeding', () => {
    const fixes = [1, 2, 3, 4, 5, 6, 7, 8].flatMap((seed) => drive(seed, 3 * 3600));
    const moving = fixes.filter((f) => f.speedKmh > 1);
    expect(Math.max(...fixes.map((f) => f.speedKmh))).toBeLessThanOrEqual(115);
    expect(fixes.every((f) => f.speedKmh >= 0)).toBe(true);
    const cruising = moving.filter((f) => f.speedKmh >= 20 && f.speedKmh <= 80).length / moving.length;
    expect(cruising).toBeGreaterThan(0.6);
    const speeding = moving.filter((f) => f.speedKmh > 90).length / moving.length;
    expect(speeding).toBeGreaterThan(0);
    expect(speeding).toBeLessThan(0.1);
    // Red lights and parking: a good share of the time the car stands still.
    expect(fixes.filter((f) => f.speedKmh === 0).length / fixes.length).toBeGreaterThan(0.1);
  });

  it('never jumps: consecutive fixes one second apart are at most its speed apart', () => {
    const fixes = drive(11, 3600);
    for (let i = 1; i < fixes.length; i++) {
      const d = distanceMeters([fixes[i - 1].lon, fixes[i - 1].lat], [fixes[i].lon, fixes[i].lat]);
      // 115 km/h is 32 m/s; a turn moves the lane offset by a few metres more.
      expect(d).toBeLessThan(45);
    }
  });

  it('switches ACC off while parked and on again when it drives off, accumulating mileage', () => {
    const driver = new StreetDriver({
      city: shenzhen,
      rng: new Rng(3),
      startParked: true,
      parkSeconds: [60, 60],
      tripMeters: [1500, 1500],
    });
    expect(driver.fix().acc).toBe(false);
    const start = driver.fix().mileageKm;
    const accs: boolean[] = [];
    for (let s = 0; s < 1200; s++) {
      driver.step(1);
      accs.push(driver.fix().acc);
    }
    const changes = accs.filter((a, i) => i > 0 && a !== accs[i - 1]).length;
    expect(changes).toBeGreaterThanOrEqual(2); // on, then off again after the trip
    expect(driver.fix().mileageKm - start).toBeGreaterThan(1.4);
  });

  it('brakes to a standstill when the engine is cut, and stays there until restored', () => {
    const driver = new StreetDriver({ city: shenzhen, rng: new Rng(5), startParked: false });
    driver.step(60);
    driver.immobilized = true;
    driver.step(10);
    const stopped = driver.fix();
    expect(stopped.speedKmh).toBe(0);
    driver.step(600);
    expect(driver.fix()).toMatchObject({ speedKmh: 0, lat: stopped.lat, lon: stopped.lon });
    driver.immobilized = false;
    driver.step(120);
    expect(driver.fix().lat !== stopped.lat || driver.fix().lon !== stopped.lon).toBe(true);
  });

  it('moves along streets: the heading is a multiple of 90°', () => {
    expect(drive(9, 900).every((f) => f.course % 90 === 0)).toBe(true);
  });
});
