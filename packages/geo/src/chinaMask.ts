// Where the GCJ-02 / BD-09 offsets apply. A bounding box (what most libraries use) also
// shifts points in Mongolia, Korea, Vietnam or Russia, which then draw hundreds of metres
// off on every basemap there. Instead, build-regions.ts rasterises the shipped boundaries
// of mainland China, Hong Kong and Macau onto a 0.05° grid (~5 km), widened by ~20 km over
// the sea (ports, bridges, ferries, islands) but never into a neighbouring country.
// Taiwan is left out: it is commonly not offset by these map providers, and its shipped
// boundary data is already WGS-84. A cell crossed by a land border counts as China, so the
// test is approximate within one cell of the border.
import { CHINA_MASK } from './chinaMask.data.ts';

export interface RunLengthMask {
  readonly west: number;
  readonly south: number;
  readonly cellSize: number;
  readonly cols: number;
  readonly rows: number;
  /** Row-major run lengths in base 36, comma separated, alternating outside / inside, starting outside. */
  readonly runs: string;
}

let cells: Uint8Array | undefined;

function decodeMask(mask: RunLengthMask): Uint8Array {
  const decoded = new Uint8Array(mask.cols * mask.rows);
  let position = 0;
  let inside = false;
  for (const token of mask.runs.split(',')) {
    const length = parseInt(token, 36);
    if (inside) decoded.fill(1, position, position + length);
    position += length;
    inside = !inside;
  }
  return decoded;
}

/** True where Chinese maps apply the GCJ-02 offset (mainland China, Hong Kong, Macau, coastal waters). */
export function isInChina(lon: number, lat: number): boolean {
  const col = Math.floor((lon - CHINA_MASK.west) / CHINA_MASK.cellSize);
  const row = Math.floor((lat - CHINA_MASK.south) / CHINA_MASK.cellSize);
  if (!(col >= 0 && col < CHINA_MASK.cols && row >= 0 && row < CHINA_MASK.rows)) return false;
  cells ??= decodeMask(CHINA_MASK);
  return cells[row * CHINA_MASK.cols + col] === 1;
}

/** Cheap pre-test: within the mask's bounds widened by more than any offset (0.1°). */
export function isNearChina(lon: number, lat: number): boolean {
  const margin = 0.1;
  return (
    lon >= CHINA_MASK.west - margin &&
    lat >= CHINA_MASK.south - margin &&
    lon <= CHINA_MASK.west + CHINA_MASK.cols * CHINA_MASK.cellSize + margin &&
    lat <= CHINA_MASK.south + CHINA_MASK.rows * CHINA_MASK.cellSize + margin
  );
}

/** Run-length encodes a 0/1 raster in the format of `RunLengthMask.runs`. */
export function encodeRuns(raster: Uint8Array): string {
  const runs: string[] = [];
  let current = 0;
  let length = 0;
  for (const value of raster) {
    if (value === current) {
      length++;
      continue;
    }
    runs.push(length.toString(36));
    current = value;
    length = 1;
  }
  runs.push(length.toString(36));
  return runs.join(',');
}
