import { describe, expect, it } from 'vitest';
import { routePieces } from './RouteLayer.tsx';

describe('route pieces', () => {
  it('keeps every point, in order, each piece starting at the end of the one before', () => {
    const points = Array.from({ length: 2500 }, (_, i) => i);
    const pieces = routePieces(points, 1000);
    expect(pieces.map((p) => p.length)).toEqual([1000, 1000, 502]);
    expect(pieces.map((p) => [p[0], p.at(-1)])).toEqual([
      [0, 999],
      [999, 1998],
      [1998, 2499],
    ]);
    expect(pieces.flatMap((p, k) => (k === 0 ? p : p.slice(1)))).toEqual(points);
  });

  it('makes no line of a single point', () => {
    expect(routePieces([], 1000)).toEqual([]);
    expect(routePieces([7], 1000)).toEqual([]);
    expect(routePieces([1, 2], 1000)).toEqual([[1, 2]]);
    expect(routePieces([1, 2, 3], 2)).toEqual([
      [1, 2],
      [2, 3],
    ]);
  });
});
