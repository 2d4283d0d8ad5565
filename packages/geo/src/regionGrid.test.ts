import { describe, expect, it } from 'vitest';
import type { GridSpec } from './gridRaster.ts';
import { RegionGrid } from './regionGrid.ts';
import { RegionShape } from './regionShape.ts';

const square = (west: number, south: number, size: number): number[] => [
  west,
  south,
  west + size,
  south,
  west + size,
  south + size,
  west,
  south + size,
];

// Priority order: the small enclave (drawn without a hole in its container) first.
const ENCLAVE = new RegionShape([square(2.3, 2.3, 0.4)]);
const CONTAINER = new RegionShape([square(1, 1, 4)]);
const WITH_HOLE = new RegionShape([square(6, 1, 3), square(7, 2, 1)]);
const SHAPES = [ENCLAVE, CONTAINER, WITH_HOLE];
const GRID: GridSpec = { west: 0, south: 0, cellSize: 1, cols: 10, rows: 10 };

describe('RegionGrid', () => {
  const grid = new RegionGrid(GRID, SHAPES, [0, 1, 2]);

  it('answers from the covering region, and the enclave inside it wins', () => {
    expect(grid.lookup(1.5, 1.5)).toBe(1);
    expect(grid.lookup(2.5, 2.5)).toBe(0);
    expect(grid.lookup(2.2, 2.5)).toBe(1);
  });

  it('treats a hole as outside', () => {
    expect(grid.lookup(6.5, 1.5)).toBe(2);
    expect(grid.lookup(7.5, 2.5)).toBe(-1);
  });

  it('gives -1 where no region is', () => {
    expect(grid.lookup(0.5, 0.5)).toBe(-1);
    expect(grid.lookup(9.5, 9.5)).toBe(-1);
  });

  it('matches the exact shapes on a dense sample', () => {
    for (let x = 0.013; x < 10; x += 0.047) {
      for (let y = 0.011; y < 10; y += 0.053) {
        const expected = SHAPES.findIndex((shape) => shape.contains(x, y));
        expect(grid.lookup(x, y), `${x},${y}`).toBe(expected);
      }
    }
  });

  it('knows only the regions it was given', () => {
    const partial = new RegionGrid(GRID, SHAPES, [1]);
    expect(partial.lookup(2.5, 2.5)).toBe(1);
    expect(partial.lookup(6.5, 1.5)).toBe(-1);
  });
});
