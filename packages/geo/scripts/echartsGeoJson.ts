// Reads echarts 4.x map JSON. Its China files compress coordinates (`UTF8Encoding`): each
// ring is a string whose UTF-16 code units, minus 64 and zigzag-decoded, are deltas from
// `encodeOffsets`, in units of 1/`UTF8Scale` degree (default 1024) — the inverse of echarts'
// encodeOffsets, as in echarts/lib/coord/geo/parseGeoJson.js. Some files also break GeoJSON:
// features without `"type": "Feature"`, rings not closed, empty parts. This reader returns
// plain open rings (no repeated closing point) and skips empty geometry.
import { readFileSync } from 'node:fs';

export type Point = [number, number];
/** A ring without the repeated closing point. */
export type Ring = Point[];
/** Outer ring first, then holes. */
export type Polygon = Ring[];

export interface DecodedFeature {
  readonly id: string | undefined;
  readonly name: string;
  readonly polygons: Polygon[];
}

interface RawGeometry {
  type: 'Polygon' | 'MultiPolygon';
  coordinates: unknown[];
  encodeOffsets?: unknown[];
}

interface RawFeature {
  id?: string;
  properties?: { name?: string };
  geometry?: RawGeometry | null;
}

interface RawCollection {
  UTF8Encoding?: boolean;
  UTF8Scale?: number;
  features: RawFeature[];
}

function decodeRing(encoded: string, offset: readonly number[], scale: number): Ring {
  const ring: Ring = [];
  let prevX = offset[0];
  let prevY = offset[1];
  for (let i = 0; i + 1 < encoded.length; i += 2) {
    let x = encoded.charCodeAt(i) - 64;
    let y = encoded.charCodeAt(i + 1) - 64;
    x = (x >> 1) ^ -(x & 1);
    y = (y >> 1) ^ -(y & 1);
    prevX += x;
    prevY += y;
    ring.push([prevX / scale, prevY / scale]);
  }
  return ring;
}

/** Drops the closing point and repeated points; a ring needs three distinct points to enclose anything. */
export function openRing(points: readonly Point[]): Ring | undefined {
  const ring: Ring = [];
  for (const point of points) {
    const last = ring[ring.length - 1];
    if (!last || last[0] !== point[0] || last[1] !== point[1]) ring.push([point[0], point[1]]);
  }
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (ring.length > 1 && first[0] === last[0] && first[1] === last[1]) ring.pop();
  return ring.length >= 3 ? ring : undefined;
}

function readPolygon(rawRings: unknown[], offsets: unknown[] | undefined, scale: number | undefined): Polygon {
  const polygon: Polygon = [];
  rawRings.forEach((rawRing, index) => {
    const points = typeof rawRing === 'string' ? decodeRing(rawRing, offsets?.[index] as number[], scale ?? 1024) : (rawRing as Point[]);
    const ring = openRing(points);
    // A polygon whose outer ring is degenerate is dropped with its holes.
    if (ring && (polygon.length > 0 || index === 0)) polygon.push(ring);
  });
  return polygon;
}

function readGeometry(geometry: RawGeometry, scale: number | undefined): Polygon[] {
  const { type, coordinates, encodeOffsets } = geometry;
  const parts =
    type === 'Polygon'
      ? [readPolygon(coordinates, encodeOffsets, scale)]
      : coordinates.map((rawPolygon, i) => readPolygon(rawPolygon as unknown[], encodeOffsets?.[i] as unknown[] | undefined, scale));
  return parts.filter((polygon) => polygon.length > 0);
}

export function readEchartsGeoJson(path: string): DecodedFeature[] {
  const collection = JSON.parse(readFileSync(path, 'utf8')) as RawCollection;
  const scale = collection.UTF8Encoding ? (collection.UTF8Scale ?? 1024) : undefined;
  const features: DecodedFeature[] = [];
  for (const raw of collection.features) {
    if (!raw.geometry || !Array.isArray(raw.geometry.coordinates)) continue;
    const polygons = readGeometry(raw.geometry, scale);
    if (polygons.length === 0) continue;
    features.push({ id: raw.id, name: raw.properties?.name ?? '', polygons });
  }
  return features;
}

/** Closes every ring, as GeoJSON (RFC 7946 §3.1.6) requires. */
export function closedRings(polygon: Polygon): Point[][] {
  return polygon.map((ring) => [...ring, ring[0]]);
}
