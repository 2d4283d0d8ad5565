import { describe, expect, it } from 'vitest';
import { FLOATS_PER_VEHICLE, VehicleBuffer, dirtyRanges, latFromMercator, lonFromMercator, mercatorX, mercatorY } from './vehicleBuffer.ts';

const SHENZHEN: [number, number] = [114.0579, 22.5431];

describe('vehicle buffer', () => {
  it('packs mercator as a float32 high part plus its remainder, heading and state', () => {
    const b = new VehicleBuffer(4);
    b.set(7, SHENZHEN[0], SHENZHEN[1], 135, 'alarm');
    const x = mercatorX(SHENZHEN[0]);
    const y = mercatorY(SHENZHEN[1]);
    const [hx, hy, lx, ly, heading, state] = b.data.subarray(0, FLOATS_PER_VEHICLE);
    expect(hx).toBe(Math.fround(x));
    // high + remainder is far closer to the float64 value than float32 alone (street zoom needs ~1e-9)
    expect(Math.abs(hx + lx - x)).toBeLessThan(1e-12);
    expect(Math.abs(hy + ly - y)).toBeLessThan(1e-12);
    expect(Math.abs(hx - x)).toBeGreaterThan(1e-10);
    expect([heading, state]).toEqual([135, 3]);
    const [lon, lat] = b.lngLat(7)!;
    expect(lon).toBeCloseTo(SHENZHEN[0], 9);
    expect(lat).toBeCloseTo(SHENZHEN[1], 9);
    expect(b.lngLat(8)).toBeNull();
  });

  it('agrees with MapLibre-style mercator at known points', () => {
    expect(mercatorX(-180)).toBe(0);
    expect(mercatorX(0)).toBe(0.5);
    expect(mercatorY(0)).toBeCloseTo(0.5, 12);
    expect(lonFromMercator(mercatorX(121.47))).toBeCloseTo(121.47, 10);
    expect(latFromMercator(mercatorY(31.23))).toBeCloseTo(31.23, 10);
  });

  it('marks only the changed slots, and keeps a vehicle in its slot', () => {
    const b = new VehicleBuffer(8);
    for (let id = 1; id <= 5; id++) b.set(id, 100 + id, 30, 0, 'moving');
    expect(b.takeDirty()).toEqual([[0, 5]]);
    expect(b.takeDirty()).toEqual([]);
    b.set(4, 110, 31, 90, 'stopped');
    b.set(2, 110, 31, 90, 'stopped');
    b.set(4, 111, 31, 90, 'stopped'); // twice in one batch: one upload
    expect(b.takeDirty()).toEqual([[1, 4]]);
    b.set(5, 110, 31, 90, 'stopped');
    expect(b.takeDirty()).toEqual([[4, 5]]);
    expect(b.slotOf(4)).toBe(3);
    expect(b.count).toBe(5);
  });

  it('hides a slot only when its flag changes, writing -1 in place of the state', () => {
    const b = new VehicleBuffer(4);
    b.set(1, 114, 22, 0, 'stopped');
    b.takeDirty();
    b.setHidden(0, false);
    expect(b.hasChanges).toBe(false);
    b.setHidden(0, true);
    expect(b.data[5]).toBe(-1);
    expect(b.takeDirty()).toEqual([[0, 1]]);
    // a new position keeps it hidden until the clusters say otherwise
    b.set(1, 114.1, 22, 0, 'moving');
    expect(b.data[5]).toBe(-1);
    b.setHidden(0, false);
    expect(b.data[5]).toBe(0);
  });

  it('grows past its capacity, keeping what it holds, and says the GPU buffer must be remade', () => {
    const b = new VehicleBuffer(2);
    const before = b.generation;
    for (let id = 1; id <= 5; id++) b.set(id, 100 + id, 30, id, 'moving');
    expect(b.generation).toBeGreaterThan(before);
    expect(b.ids.length).toBeGreaterThanOrEqual(5);
    expect(b.lngLat(1)![0]).toBeCloseTo(101, 9);
    expect(b.data[4 * FLOATS_PER_VEHICLE + 4]).toBe(5);
  });

  it('merges nearby dirty slots into runs, and uploads one span when there are too many runs', () => {
    const slots = [0, 1, 2, 10, 100, 150];
    expect(dirtyRanges(slots, 0, 10)).toEqual([
      [0, 3],
      [10, 11],
      [100, 101],
      [150, 151],
    ]);
    expect(dirtyRanges(slots, 8, 10)).toEqual([
      [0, 11],
      [100, 101],
      [150, 151],
    ]);
    expect(dirtyRanges(slots, 0, 3)).toEqual([[0, 151]]);
    expect(dirtyRanges([], 0, 3)).toEqual([]);
  });
});

describe('vehicle hit test', () => {
  const b = new VehicleBuffer(4);
  b.set(1, 114.0, 22.5, 0, 'moving');
  b.set(2, 114.001, 22.5, 0, 'moving');
  b.set(3, 115.0, 22.5, 0, 'moving');
  const r = 12 / (512 * 2 ** 14); // 12 px at zoom 14

  it('finds the nearest shown vehicle within the radius', () => {
    expect(b.hitTest(mercatorX(114.0001), mercatorY(22.5), r)).toBe(1);
    expect(b.hitTest(mercatorX(114.0009), mercatorY(22.5), r)).toBe(2);
    expect(b.hitTest(mercatorX(114.5), mercatorY(22.5), r)).toBeNull();
  });

  it('skips vehicles hidden inside a cluster', () => {
    b.setHidden(b.slotOf(1)!, true);
    expect(b.hitTest(mercatorX(114.0), mercatorY(22.5), r)).toBeNull();
    expect(b.hitTest(mercatorX(114.0), mercatorY(22.5), r * 10)).toBe(2);
    b.setHidden(b.slotOf(1)!, false);
  });
});
