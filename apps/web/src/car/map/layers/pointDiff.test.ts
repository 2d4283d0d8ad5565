import { describe, expect, it } from 'vitest';
import type { GeoJSONSource } from '../maplibre.ts';
import { PointDiffer, syncPoints, type IdPoint } from './pointDiff.ts';

const point = (id: number, lon: number, lat: number, plate = `粤B${id}`): IdPoint => ({ type: 'Feature', id, geometry: { type: 'Point', coordinates: [lon, lat] }, properties: { plate } });
const Z14 = 512 * 2 ** 14; // ~7 m per pixel at 22.5°N

describe('point diffs for the overlay sources', () => {
  it('sends everything first, then nothing while nothing changed on screen', () => {
    const d = new PointDiffer();
    const first = d.diff([point(1, 114.05, 22.55), point(2, 114.06, 22.54)], Z14);
    expect(first?.add?.map((f) => f.id)).toEqual([1, 2]);
    expect(d.diff([point(1, 114.05, 22.55), point(2, 114.06, 22.54)], Z14)).toBeNull();
    // a move of ~1 mm rounds to the same pixel
    expect(d.diff([point(1, 114.05000001, 22.55), point(2, 114.06, 22.54)], Z14)).toBeNull();
  });

  it('sends a move by a pixel, a changed property, a new point and a point that left', () => {
    const d = new PointDiffer();
    d.diff([point(1, 114.05, 22.55), point(2, 114.06, 22.54), point(3, 114.07, 22.53)], Z14);
    const diff = d.diff([point(1, 114.0501, 22.55), point(2, 114.06, 22.54, '粤B0002'), point(4, 114.08, 22.52)], Z14);
    expect(diff?.add?.map((f) => f.id)).toEqual([4]);
    expect(diff?.remove).toEqual([3]);
    expect(diff?.update).toEqual([
      { id: 1, newGeometry: { type: 'Point', coordinates: [114.0501, 22.55] }, addOrUpdateProperties: [{ key: 'plate', value: '粤B1' }] },
      { id: 2, newGeometry: { type: 'Point', coordinates: [114.06, 22.54] }, addOrUpdateProperties: [{ key: 'plate', value: '粤B0002' }] },
    ]);
    // the same move is not a move at a zoom where it is under a pixel
    expect(d.diff([point(1, 114.05, 22.55), point(2, 114.06, 22.54, '粤B0002'), point(4, 114.08, 22.52)], 512 * 2 ** 4)).not.toBeNull();
    expect(d.diff([point(1, 114.0501, 22.55), point(2, 114.06, 22.54, '粤B0002'), point(4, 114.08, 22.52)], 512 * 2 ** 4)).toBeNull();
  });

  it('diffs a few changes, replaces the data when most changed, and sends nothing when nothing did', () => {
    const calls: string[] = [];
    const source = { setData: (d: { features: unknown[] }) => calls.push(`set ${d.features.length}`), updateData: () => calls.push('update') } as unknown as GeoJSONSource;
    const d = new PointDiffer();
    const many = Array.from({ length: 10 }, (_, i) => point(i + 1, 114 + i / 100, 22.5));
    syncPoints(source, d, many, Z14);
    syncPoints(source, d, many, Z14);
    syncPoints(source, d, [...many.slice(0, 9), point(10, 114.5, 22.5)], Z14);
    syncPoints(source, d, many.map((p) => point(p.id, p.geometry.coordinates[0] + 0.01, 22.5)), Z14);
    syncPoints(source, d, [], Z14);
    syncPoints(source, d, [], Z14);
    expect(calls).toEqual(['set 10', 'update', 'set 10', 'set 0']);
  });
});
