// A uniform grid over the regions, classified once at load so most lookups are one array
// read. Each cell is either
//   - covered: wholly inside one region (or in none — open sea) with nothing of higher
//     priority crossing it, so the answer is stored; or
//   - mixed: boundaries of higher-priority regions cross it, so it lists those regions
//     (in priority order) for an exact test, plus the answer when none contains the point.
import { forEachBoundaryCell, forEachInteriorCell, gridCovers, type GridSpec } from './gridRaster.ts';
import type { RegionShape } from './regionShape.ts';

const NO_REGION = -1;

export class RegionGrid {
  readonly spec: GridSpec;
  private readonly shapes: readonly RegionShape[];
  /** > 0: region index + 1 covers the cell; 0: no region; < 0: -(mixed index + 1). */
  private readonly cells: Int32Array;
  private readonly mixedStart: Int32Array;
  private readonly mixedCandidates: Int32Array;
  private readonly mixedFallback: Int32Array;

  /**
   * @param shapes regions in priority order: a lower index wins where regions overlap
   * @param included indexes of the shapes this grid should know about
   */
  constructor(spec: GridSpec, shapes: readonly RegionShape[], included: readonly number[]) {
    this.spec = spec;
    this.shapes = shapes;
    const cellCount = spec.cols * spec.rows;
    const covering = new Int32Array(cellCount).fill(NO_REGION);
    const lastVisitor = new Int32Array(cellCount).fill(NO_REGION);
    const crossingCells: number[] = [];
    const crossingRegions: number[] = [];

    for (const region of included) {
      const { rings } = shapes[region];
      forEachBoundaryCell(spec, rings, (cell) => {
        if (lastVisitor[cell] === region) return;
        lastVisitor[cell] = region;
        crossingCells.push(cell);
        crossingRegions.push(region);
      });
      // A cell whose centre is inside and that no edge of this region touches is wholly inside.
      forEachInteriorCell(spec, rings, (cell) => {
        if (lastVisitor[cell] === region) return;
        if (covering[cell] === NO_REGION || region < covering[cell]) covering[cell] = region;
      });
    }

    // Only boundaries of regions that outrank the covering one need an exact test.
    const keys: number[] = [];
    const regionCount = shapes.length;
    for (let i = 0; i < crossingCells.length; i++) {
      const cell = crossingCells[i];
      const region = crossingRegions[i];
      if (covering[cell] === NO_REGION || region < covering[cell]) keys.push(cell * regionCount + region);
    }
    const sortedKeys = Float64Array.from(keys).sort();

    this.cells = new Int32Array(cellCount);
    for (let cell = 0; cell < cellCount; cell++) this.cells[cell] = covering[cell] + 1;
    const mixedStart: number[] = [];
    const mixedFallback: number[] = [];
    this.mixedCandidates = new Int32Array(sortedKeys.length);
    let previousCell = -1;
    sortedKeys.forEach((key, i) => {
      const cell = Math.floor(key / regionCount);
      this.mixedCandidates[i] = key - cell * regionCount;
      if (cell === previousCell) return;
      previousCell = cell;
      mixedStart.push(i);
      mixedFallback.push(covering[cell]);
      this.cells[cell] = -mixedStart.length;
    });
    mixedStart.push(sortedKeys.length);
    this.mixedStart = Int32Array.from(mixedStart);
    this.mixedFallback = Int32Array.from(mixedFallback);
  }

  covers(lon: number, lat: number): boolean {
    return gridCovers(this.spec, lon, lat);
  }

  /** Index of the region containing the point, or -1. The point must be within the grid. */
  lookup(lon: number, lat: number): number {
    const { west, south, cellSize, cols, rows } = this.spec;
    // Clamped so the grid's east and north edges (lon 180, lat 90) still find a cell.
    const col = Math.min(cols - 1, Math.floor((lon - west) / cellSize));
    const row = Math.min(rows - 1, Math.floor((lat - south) / cellSize));
    const value = this.cells[row * cols + col];
    if (value >= 0) return value - 1;
    const mixed = -value - 1;
    const end = this.mixedStart[mixed + 1];
    for (let k = this.mixedStart[mixed]; k < end; k++) {
      const region = this.mixedCandidates[k];
      if (this.shapes[region].contains(lon, lat)) return region;
    }
    return this.mixedFallback[mixed];
  }

  /** Share of cells answered without a polygon test; for benchmarks and tuning. */
  get coveredShare(): number {
    let covered = 0;
    for (const value of this.cells) if (value >= 0) covered++;
    return covered / this.cells.length;
  }
}
