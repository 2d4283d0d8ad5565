// The shipped file data/regions.json: administrative regions with their boundaries, written
// by scripts/build-regions.ts and read by the reverse geocoder. Coordinates are WGS-84
// longitude/latitude, quantised to integers of 1/scale degree and delta-encoded per ring,
// which keeps JSON small (most deltas are one or two digits) and exact (no float noise).

export const REGION_DATA_FORMAT = 'chelian-regions/1';

/** What a point resolves to. In China: province and city (and district where the data has one). */
export interface RegionInfo {
  readonly country: string;
  readonly province?: string;
  readonly city?: string;
  readonly district?: string;
  /** GB/T 2260 code of the most specific level known (city, or district in municipalities). */
  readonly adcode?: string;
}

export interface RegionRecord extends RegionInfo {
  /**
   * Rings as [x0, y0, dx1, dy1, dx2, dy2, ...]: the first point absolute, then deltas, in
   * units of 1/scale degree; implicitly closed. Outer rings and holes are not told apart:
   * a point is inside when it is inside an odd number of rings.
   */
  readonly rings: number[][];
}

export interface RegionDataFile {
  readonly format: typeof REGION_DATA_FORMAT;
  readonly description: string;
  readonly scale: number;
  /** In lookup priority: when regions overlap, the first containing a point wins. */
  readonly regions: RegionRecord[];
}

/** Quantises and delta-encodes an open ring of [lon, lat] points. */
export function encodeRing(ring: ReadonlyArray<readonly [number, number]>, scale: number): number[] {
  const encoded: number[] = [];
  let prevX = 0;
  let prevY = 0;
  for (const [lon, lat] of ring) {
    const x = Math.round(lon * scale);
    const y = Math.round(lat * scale);
    if (encoded.length > 0 && x === prevX && y === prevY) continue;
    encoded.push(x - prevX, y - prevY);
    prevX = x;
    prevY = y;
  }
  return encoded;
}

/** The inverse of encodeRing: flat [x0, y0, x1, y1, ...] in degrees. */
export function decodeRing(encoded: readonly number[], scale: number): Float64Array {
  const ring = new Float64Array(encoded.length);
  let x = 0;
  let y = 0;
  for (let i = 0; i < encoded.length; i += 2) {
    x += encoded[i];
    y += encoded[i + 1];
    ring[i] = x / scale;
    ring[i + 1] = y / scale;
  }
  return ring;
}
