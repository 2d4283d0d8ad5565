import { describe, expect, it } from 'vitest';
import { distanceMeters } from '@chelian/geo/coords.ts';
import { cityByName } from './cities.ts';
import { CollarBattery } from './collarBattery.ts';
import { PetWalker, type PetFix, type PetOptions } from './petWalker.ts';
import { Rng } from './random.ts';

const shanghai = cityByName('上海')!;
const HOME = { lat: 31.2304, lon: 121.4737 };
const at = (beijing: string) => Date.parse(`${beijing}+08:00`);

/** One fix a minute for `minutes`, with the Beijing time of each. */
function live(seed: number, pet: PetOptions, minutes: number): { time: number; fix: PetFix; mode: string }[] {
  const walker = new PetWalker({ city: shanghai, rng: new Rng(seed) }, { home: HOME, ...pet });
  const out = [];
  for (let m = 0; m < minutes; m++) {
    walker.step(60);
    out.push({ time: walker.now, fix: walker.fix(), mode: walker.mode });
  }
  return out;
}
const fromHome = (f: PetFix) => distanceMeters([HOME.lon, HOME.lat], [f.lon, f.lat]);
const hourOf = (t: number) => new Date(t + 8 * 3_600_000).getUTCHours();

describe('pet walker', () => {
  it('is deterministic for a seed, and seeds differ', () => {
    const o = { startAt: at('2026-11-20T08:00:00') };
    expect(live(3, o, 600)).toEqual(live(3, o, 600));
    expect(live(3, o, 600)).not.toEqual(live(4, o, 600));
  });

  it('roams inside its home radius when it makes no excursions, at walking pace', () => {
    for (const seed of [1, 2, 3, 4]) {
      const day = live(seed, { startAt: at('2026-11-20T07:00:00'), excursionsPerHour: 0, homeRadiusMeters: 40 }, 14 * 60);
      expect(Math.max(...day.map((d) => fromHome(d.fix)))).toBeLessThanOrEqual(40.5);
      expect(Math.max(...day.map((d) => d.fix.speedKmh))).toBeLessThanOrEqual(5);
      expect(new Set(day.map((d) => `${d.fix.lat.toFixed(5)},${d.fix.lon.toFixed(5)}`)).size).toBeGreaterThan(50); // it moves about
    }
  });

  it('goes on excursions out of the radius now and then, and always comes back', () => {
    const day = live(5, { startAt: at('2026-11-20T07:00:00'), excursionsPerHour: 1, homeRadiusMeters: 40 }, 14 * 60);
    const out = day.filter((d) => fromHome(d.fix) > 45);
    expect(out.length).toBeGreaterThan(0);
    expect(Math.max(...out.map((d) => fromHome(d.fix)))).toBeLessThanOrEqual(40 * 6 + 1);
    expect(out.length / day.length).toBeLessThan(0.5); // mostly at home
    // Every stretch outside ends back inside.
    const last = day.map((d) => fromHome(d.fix) > 45).lastIndexOf(true);
    expect(day.slice(last + 1).some((d) => fromHome(d.fix) <= 40.5)).toBe(true);
  });

  it('sleeps through the Beijing night where it lies: no steps, no moving, parked', () => {
    const walker = new PetWalker(
      { city: shanghai, rng: new Rng(9) },
      { home: HOME, startAt: at('2026-11-20T21:00:00'), excursionsPerHour: 0 },
    );
    walker.step(3600 + 120); // past 22:00 (a last stretch may end first)
    while (walker.mode !== 'sleep') walker.step(60);
    const evening = walker.fix();
    walker.step(60);
    expect(walker.phase).toBe('parked');
    const before = walker.fix();
    while (hourOf(walker.now) !== 5) walker.step(600);
    const night = walker.fix();
    expect([night.lat, night.lon]).toEqual([before.lat, before.lon]);
    expect(night.speedKmh).toBe(0);
    // The count was reset at midnight and has not moved since.
    expect(night.steps).toBe(0);
    expect(evening.steps).toBeGreaterThan(0);
    // Up in the morning.
    walker.step(2 * 3600);
    expect(walker.mode).not.toBe('sleep');
  });

  it('rests for spells by day: parked, a few fidgeting steps, then up again', () => {
    const day = live(11, { startAt: at('2026-11-20T08:00:00'), excursionsPerHour: 0 }, 10 * 60);
    const rest = day.filter((d) => d.mode === 'rest').length;
    expect(rest).toBeGreaterThan(60);
    expect(day.filter((d) => d.mode === 'active').length).toBeGreaterThan(60);
    // Minutes at rest add under one step each; active minutes tens of steps.
    const stepsIn = (mode: string) =>
      day.flatMap((d, i) => (i > 0 && d.mode === mode && day[i - 1]!.mode === mode ? [d.fix.steps - day[i - 1]!.fix.steps] : []));
    const restSteps = stepsIn('rest');
    expect(Math.min(...restSteps)).toBeGreaterThanOrEqual(0);
    expect(stepsIn('active').reduce((a, b) => a + b, 0) / stepsIn('active').length).toBeGreaterThan(30);
    expect(Math.max(...restSteps)).toBeLessThanOrEqual(1);
  });

  it('counts steps cumulatively from its distance, and starts again at Beijing midnight', () => {
    const walker = new PetWalker(
      { city: shanghai, rng: new Rng(2) },
      { home: HOME, startAt: at('2026-11-20T23:50:00'), steps: 5000, nightHours: [3, 4], excursionsPerHour: 0 },
    );
    walker.hold('active');
    walker.step(9 * 60);
    const before = walker.fix();
    expect(before.steps).toBeGreaterThan(5000);
    expect(before.steps - 5000).toBeCloseTo((before.mileageKm * 1000) / 0.4, -1);
    walker.step(2 * 60);
    expect(walker.fix().steps).toBeLessThan(before.steps - 5000); // reset at 00:00, counting again
    expect(walker.fix().steps).toBeGreaterThan(0);
  });

  it('runs off when told, stays around there, and comes home when found', () => {
    const walker = new PetWalker(
      { city: shanghai, rng: new Rng(4) },
      { home: HOME, startAt: at('2026-11-20T10:00:00'), excursionsPerHour: 0, runKmh: 12 },
    );
    walker.runOff(400, 90);
    walker.step(400 / (12 / 3.6) + 5);
    expect(walker.distanceFromHome).toBeGreaterThan(370);
    expect(walker.fix().lon).toBeGreaterThan(HOME.lon); // east
    walker.step(3600);
    expect(walker.distanceFromHome).toBeGreaterThan(340);
    expect(walker.distanceFromHome).toBeLessThan(430);
    walker.comeHome();
    walker.step(600);
    expect(walker.distanceFromHome).toBeLessThanOrEqual(40.5);
  });

  it('stays put while held asleep, however long', () => {
    const walker = new PetWalker({ city: shanghai, rng: new Rng(6) }, { home: HOME, startAt: at('2026-11-20T10:00:00') });
    walker.hold('sleep');
    const a = walker.fix();
    walker.step(30 * 3600);
    expect(walker.fix()).toMatchObject({ lat: a.lat, lon: a.lon, speedKmh: 0 });
    expect(walker.fix().steps).toBe(0); // a new day began; nothing walked since
  });

  it('lies down where it is when held asleep on its way home, and walks on home once let go', () => {
    const walker = new PetWalker(
      { city: shanghai, rng: new Rng(5) },
      { home: HOME, startAt: at('2026-11-20T10:00:00'), excursionsPerHour: 0, runKmh: 12 },
    );
    walker.runOff(300, 0);
    walker.step(120);
    walker.comeHome();
    walker.step(20); // under way, not yet home
    walker.hold('sleep');
    const a = walker.fix();
    expect(walker.phase).toBe('parked');
    walker.step(600);
    expect(walker.fix()).toMatchObject({ lat: a.lat, lon: a.lon, speedKmh: 0, acc: false });
    walker.hold(null);
    walker.step(600);
    expect(walker.distanceFromHome).toBeLessThanOrEqual(40.5);
  });
});

describe('collar battery', () => {
  it('lasts about a day at one report a minute, 2–3 days at five, 4 or more at ten', () => {
    expect(CollarBattery.lifeHours(60)).toBeGreaterThan(20);
    expect(CollarBattery.lifeHours(60)).toBeLessThan(30);
    expect(CollarBattery.lifeHours(300) / 24).toBeGreaterThanOrEqual(2);
    expect(CollarBattery.lifeHours(300) / 24).toBeLessThanOrEqual(3);
    expect(CollarBattery.lifeHours(600) / 24).toBeGreaterThanOrEqual(3.5);
    expect(CollarBattery.lifeHours(15)).toBeLessThan(8); // lost mode is costly
  });

  it('drains with the reports it sends, faster the shorter the interval', () => {
    const drained = (interval: number) => {
      const b = new CollarBattery({ percent: 90 });
      for (let s = 0; s < 3600; s += interval) {
        b.advance(interval / 3600);
        b.reported();
      }
      return 90 - b.percent;
    };
    expect(drained(15)).toBeGreaterThan(drained(60));
    expect(drained(60)).toBeGreaterThan(drained(300));
    expect(drained(300)).toBeCloseTo(0.8 + 12 * 0.055, 5);
  });

  it('is put on the charger below 15 % and charges to full, then drains again', () => {
    const b = new CollarBattery({ percent: 16 });
    b.advance(2);
    expect(b.charging).toBe(true);
    expect(b.percent).toBeLessThan(15);
    b.reported(10); // no cost while charging
    b.advance(1);
    expect(b.percent).toBeGreaterThan(70);
    b.advance(1);
    expect(b.percent).toBe(100);
    expect(b.charging).toBe(false);
    b.advance(1);
    expect(b.percent).toBeCloseTo(99.2, 5);
  });
});
