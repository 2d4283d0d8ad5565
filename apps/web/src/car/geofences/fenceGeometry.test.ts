import { describe, expect, it } from 'vitest';
import { distanceMeters } from '@chelian/geo/coords.ts';
import { circleRing, fenceLabelPoint, fenceRings, radiusBetween } from './fenceGeometry.ts';

describe('fence geometry', () => {
  it('draws a circle whose every vertex lies at the radius', () => {
    const ring = circleRing([114.06, 22.55], 1000, 32);
    expect(ring).toHaveLength(33);
    expect(ring[0]).toEqual(ring[32].map((v) => expect.closeTo(v, 9)));
    for (const p of ring) expect(distanceMeters([114.06, 22.55], p)).toBeCloseTo(1000, -1);
  });

  it('closes polygon rings and places labels', () => {
    const square = {
      kind: 'polygon' as const,
      center: null,
      radius: null,
      rings: [
        [
          [0, 0],
          [2, 0],
          [2, 2],
          [0, 2],
        ] as Array<[number, number]>,
      ],
    };
    expect(fenceRings(square)[0]).toHaveLength(5);
    expect(fenceLabelPoint(square)).toEqual([1, 1]);
    expect(fenceRings({ kind: 'circle', center: [1, 1], radius: 10, rings: [] })[0].length).toBeGreaterThan(10);
    expect(radiusBetween([114, 22.5], [114.01, 22.5])).toBeGreaterThan(1000);
  });
});
