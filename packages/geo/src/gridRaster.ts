// Rasterising polygons onto a uniform lon/lat grid: which cells a boundary touches, and
// which cells lie wholly inside. Shared by the reverse geocoder's index (at load) and the
// China mask (at build time), so both classify cells the same way.

export interface GridSpec {
  /** Longitude of the grid's west edge, degrees. */
  readonly west: number;
  /** Latitude of the grid's south edge, degrees. */
  readonly south: number;
  readonly cellSize: number;
  readonly cols: number;
  readonly rows: number;
}

/** A ring as flat [x0, y0, x1, y1, ...], implicitly closed (last point joins the first). */
export type FlatRing = Float64Array | readonly number[];

export function gridCovers(grid: GridSpec, lon: number, lat: number): boolean {
  return (
    lon >= grid.west && lat >= grid.south && lon < grid.west + grid.cols * grid.cellSize && lat < grid.south + grid.rows * grid.cellSize
  );
}

/** Calls `visit` for every cell the segment passes through (supercover, column by column). */
export function forEachSegmentCell(grid: GridSpec, x1: number, y1: number, x2: number, y2: number, visit: (cell: number) => void): void {
  const { west, south, cellSize, cols, rows } = grid;
  if (x1 > x2) {
    [x1, x2] = [x2, x1];
    [y1, y2] = [y2, y1];
  }
  const firstCol = Math.max(0, Math.floor((x1 - west) / cellSize));
  const lastCol = Math.min(cols - 1, Math.floor((x2 - west) / cellSize));
  const slope = x2 > x1 ? (y2 - y1) / (x2 - x1) : 0;
  for (let col = firstCol; col <= lastCol; col++) {
    // The part of the segment inside this column, then the rows it spans there.
    const left = Math.max(x1, west + col * cellSize);
    const right = Math.min(x2, west + (col + 1) * cellSize);
    const yLeft = x2 > x1 ? y1 + (left - x1) * slope : y1;
    const yRight = x2 > x1 ? y1 + (right - x1) * slope : y2;
    const firstRow = Math.max(0, Math.floor((Math.min(yLeft, yRight) - south) / cellSize));
    const lastRow = Math.min(rows - 1, Math.floor((Math.max(yLeft, yRight) - south) / cellSize));
    for (let row = firstRow; row <= lastRow; row++) visit(row * cols + col);
  }
}

/** Calls `visit` for every cell any edge of the rings passes through (a cell may repeat). */
export function forEachBoundaryCell(grid: GridSpec, rings: readonly FlatRing[], visit: (cell: number) => void): void {
  for (const ring of rings) {
    const n = ring.length;
    for (let i = 0; i < n; i += 2) {
      const j = i + 2 < n ? i + 2 : 0;
      forEachSegmentCell(grid, ring[i], ring[i + 1], ring[j], ring[j + 1], visit);
    }
  }
}

/**
 * Calls `visit` once for every cell whose centre lies inside the rings by the even-odd rule
 * (so holes and multi-part shapes need no special case). Scanlines run through the cell
 * centres; each edge adds its crossing to the rows it spans, so the cost is the number of
 * edges plus the number of crossings, not edges × rows.
 */
export function forEachInteriorCell(grid: GridSpec, rings: readonly FlatRing[], visit: (cell: number) => void): void {
  const { west, south, cellSize, cols, rows } = grid;
  const crossingsByRow = new Map<number, number[]>();
  for (const ring of rings) {
    const n = ring.length;
    for (let i = 0; i < n; i += 2) {
      const j = i + 2 < n ? i + 2 : 0;
      const xa = ring[i];
      const ya = ring[i + 1];
      const xb = ring[j];
      const yb = ring[j + 1];
      if (ya === yb) continue;
      // Rows whose centre y satisfies min <= y < max: the half-open rule of ray casting.
      const low = Math.min(ya, yb);
      const high = Math.max(ya, yb);
      const firstRow = Math.max(0, Math.ceil((low - south) / cellSize - 0.5));
      const lastRow = Math.min(rows - 1, Math.ceil((high - south) / cellSize - 0.5) - 1);
      for (let row = firstRow; row <= lastRow; row++) {
        const y = south + (row + 0.5) * cellSize;
        const x = xa + ((y - ya) * (xb - xa)) / (yb - ya);
        let list = crossingsByRow.get(row);
        if (!list) crossingsByRow.set(row, (list = []));
        list.push(x);
      }
    }
  }
  for (const [row, crossings] of crossingsByRow) {
    crossings.sort((a, b) => a - b);
    for (let k = 0; k + 1 < crossings.length; k += 2) {
      // Columns whose centre x satisfies start <= x < end.
      const firstCol = Math.max(0, Math.ceil((crossings[k] - west) / cellSize - 0.5));
      const lastCol = Math.min(cols - 1, Math.ceil((crossings[k + 1] - west) / cellSize - 0.5) - 1);
      for (let col = firstCol; col <= lastCol; col++) visit(row * cols + col);
    }
  }
}
