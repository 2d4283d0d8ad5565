import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GeoJSONSourceDiff } from 'maplibre-gl';
import type { GeoJSONSource } from '../maplibre.ts';
import type { IdPoint } from './pointDiff.ts';
import { SpreadSender, mergeParts, splitByTile } from './spreadSender.ts';

const point = (id: number, lon: number, lat: number): IdPoint => ({ type: 'Feature', id, geometry: { type: 'Point', coordinates: [lon, lat] }, properties: {} });
const moved = (id: number, lon: number, lat: number) => ({ id, newGeometry: { type: 'Point' as const, coordinates: [lon, lat] } });

describe('label changes spread tile by tile', () => {
  afterEach(() => vi.useRealTimers());

  it('splits a diff by the tile each point lands in, removals with the first part', () => {
    // at zoom 13 a tile is ~0.044° wide: 114.001 and 114.002 share one, 114.1 is another
    const diff: GeoJSONSourceDiff = { add: [point(1, 114.001, 22.55), point(2, 114.1, 22.55)], update: [moved(3, 114.002, 22.5501)], remove: [4] };
    const parts = splitByTile(diff, 13);
    expect(parts.map((p) => [p.add!.map((f) => f.id), p.update!.map((u) => u.id), p.remove])).toEqual([
      [[1], [3], [4]],
      [[2], [], []],
    ]);
    expect(mergeParts(parts)).toEqual({ add: diff.add, update: diff.update, remove: [4] });
  });

  it('sends one part at a time, and hands over what is queued at once when the next diff comes', () => {
    vi.useFakeTimers();
    const sent: GeoJSONSourceDiff[] = [];
    const source = { updateData: (d: GeoJSONSourceDiff) => sent.push(d) } as unknown as GeoJSONSource;
    const sender = new SpreadSender(900, 250);
    const parts = [1, 2, 3, 4].map((id) => ({ add: [point(id, 114, 22.5)], update: [], remove: [] }));
    sender.send(source, parts.slice(0, 3));
    expect(sent).toHaveLength(1); // the first at once, then one every 250 ms
    vi.advanceTimersByTime(250);
    expect(sent).toHaveLength(2);
    sender.send(source, parts.slice(3));
    expect(sent.map((d) => d.add!.map((f) => f.id))).toEqual([[1], [2], [3], [4]]);
    expect(sender.pending).toBe(0);
    sender.send(source, parts.slice(0, 2));
    sender.cancel();
    vi.advanceTimersByTime(1000);
    expect(sent).toHaveLength(5);
  });
});
