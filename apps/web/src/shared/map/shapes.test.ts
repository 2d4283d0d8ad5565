import { describe, expect, it } from 'vitest';
import type { Polygon } from 'geojson';
import { distanceMeters } from '@chelian/geo/coords.ts';
import { shapesData } from './shapes.ts';

const ringOf = (data: ReturnType<typeof shapesData>, i: number) => (data.features[i]!.geometry as Polygon).coordinates[0]!;

describe('shapesData', () => {
  it('closes an open polygon and keeps a closed one as it is', () => {
    const open = shapesData([
      {
        id: 1,
        color: '#f00',
        ring: [
          [116, 39],
          [116.01, 39],
          [116.01, 39.01],
        ],
      },
    ]);
    expect(ringOf(open, 0)).toEqual([
      [116, 39],
      [116.01, 39],
      [116.01, 39.01],
      [116, 39],
    ]);
    const closed = shapesData([
      {
        id: 2,
        color: '#f00',
        ring: [
          [116, 39],
          [116.01, 39],
          [116.01, 39.01],
          [116, 39],
        ],
      },
    ]);
    expect(ringOf(closed, 0)).toHaveLength(4);
    expect(closed.features[0]!.properties).toEqual({ id: 2, color: '#f00' });
  });

  it('leaves out a polygon of fewer than three corners (one being drawn)', () => {
    expect(
      shapesData([
        {
          id: 1,
          color: '#f00',
          ring: [
            [116, 39],
            [116.01, 39],
          ],
        },
      ]).features,
    ).toEqual([]);
  });

  it('draws a circle as a closed ring at its radius', () => {
    const ring = ringOf(shapesData([{ id: 3, color: '#00f', circle: { center: [121.47, 31.23], radius: 100 } }]), 0);
    expect(ring[0]).toEqual(ring.at(-1));
    for (const p of ring) expect(distanceMeters([121.47, 31.23], p as [number, number])).toBeCloseTo(100, 0);
  });
});
