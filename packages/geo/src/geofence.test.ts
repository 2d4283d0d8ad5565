import { describe, expect, it } from 'vitest';
import type { LonLat } from './coords.ts';
import { fenceTransitions, isInsideFence, pointInCircle, pointInPolygon, type Fence } from './geofence.ts';

// A 2 km square around 116.40,39.90 with a 500 m square hole in the middle.
const OUTER: LonLat[] = [
  [116.39, 39.89],
  [116.41, 39.89],
  [116.41, 39.91],
  [116.39, 39.91],
];
const HOLE: LonLat[] = [
  [116.3975, 39.8975],
  [116.4025, 39.8975],
  [116.4025, 39.9025],
  [116.3975, 39.9025],
  [116.3975, 39.8975], // closed on purpose: both forms are accepted
];

describe('pointInPolygon', () => {
  it('is inside the outer ring and outside beyond it', () => {
    expect(pointInPolygon([116.392, 39.892], [OUTER])).toBe(true);
    expect(pointInPolygon([116.42, 39.9], [OUTER])).toBe(false);
  });

  it('treats holes as outside', () => {
    expect(pointInPolygon([116.4, 39.9], [OUTER, HOLE])).toBe(false);
    expect(pointInPolygon([116.392, 39.892], [OUTER, HOLE])).toBe(true);
  });

  it('handles a concave shape', () => {
    const ell: LonLat[] = [
      [0, 0],
      [2, 0],
      [2, 1],
      [1, 1],
      [1, 2],
      [0, 2],
    ];
    expect(pointInPolygon([0.5, 1.5], [ell])).toBe(true);
    expect(pointInPolygon([1.5, 1.5], [ell])).toBe(false);
  });
});

describe('pointInCircle', () => {
  it('uses ground distance in metres', () => {
    const center: LonLat = [114.0579, 22.5431];
    expect(pointInCircle([114.0579, 22.5471], center, 500)).toBe(true); // ~445 m north
    expect(pointInCircle([114.0579, 22.5481], center, 500)).toBe(false); // ~556 m north
  });
});

describe('fenceTransitions', () => {
  const fences: Fence<string>[] = [
    { id: 'depot', kind: 'circle', center: [116.4, 39.9], radiusMeters: 300 },
    { id: 'district', kind: 'polygon', rings: [OUTER, HOLE] },
  ];
  const inDepot: LonLat = [116.4, 39.9]; // in the circle, in the polygon's hole
  const inRing: LonLat = [116.392, 39.892]; // in the polygon only
  const away: LonLat = [116.5, 40.0];

  it('records the first state without events', () => {
    const first = fenceTransitions(new Map(), inRing, fences);
    expect(first.events).toEqual([]);
    expect(first.inside).toEqual(
      new Map([
        ['depot', false],
        ['district', true],
      ]),
    );
  });

  it('raises enter and exit as the vehicle moves', () => {
    const start = fenceTransitions(new Map(), away, fences).inside;
    const entered = fenceTransitions(start, inRing, fences);
    expect(entered.events).toEqual([{ fenceId: 'district', kind: 'enter' }]);

    const intoHole = fenceTransitions(entered.inside, inDepot, fences);
    expect(intoHole.events).toEqual([
      { fenceId: 'depot', kind: 'enter' },
      { fenceId: 'district', kind: 'exit' },
    ]);

    const left = fenceTransitions(intoHole.inside, away, fences);
    expect(left.events).toEqual([{ fenceId: 'depot', kind: 'exit' }]);
  });

  it('raises nothing while the state does not change', () => {
    const state = fenceTransitions(new Map(), inRing, fences).inside;
    expect(fenceTransitions(state, [116.393, 39.893], fences).events).toEqual([]);
  });

  it('drops fences that are no longer attached and leaves the input untouched', () => {
    const previous = new Map<string, boolean>([
      ['depot', true],
      ['removed', true],
    ]);
    const result = fenceTransitions(previous, away, [fences[0]]);
    expect(result.events).toEqual([{ fenceId: 'depot', kind: 'exit' }]);
    expect([...result.inside.keys()]).toEqual(['depot']);
    expect(previous.get('depot')).toBe(true);
  });

  it('accepts numeric fence ids', () => {
    const numbered: Fence<number>[] = [{ id: 7, kind: 'circle', center: [116.4, 39.9], radiusMeters: 300 }];
    const result = fenceTransitions(new Map([[7, false]]), inDepot, numbered);
    expect(result.events).toEqual([{ fenceId: 7, kind: 'enter' }]);
    expect(isInsideFence(inDepot, numbered[0])).toBe(true);
  });
});
