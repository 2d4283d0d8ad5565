// Writes the static GeoJSON basemap layers served to the web map (MapLibre GL, no tile
// server). Every file is WGS-84 longitude/latitude (RFC 7946, EPSG:4326); a map showing
// GCJ-02 tiles converts at draw time like any other coordinate.
import { writeFileSync } from 'node:fs';
import { closedRings, type Point, type Polygon } from './echartsGeoJson.ts';

export interface BasemapFeature {
  readonly properties: Record<string, string>;
  readonly polygons: Polygon[];
}

/** 1e-4° is ~11 m, finer than anything drawn at the zooms these layers are meant for. */
const DECIMALS = 4;

function round(value: number): number {
  const factor = 10 ** DECIMALS;
  return Math.round(value * factor) / factor;
}

/** Twice the signed area; positive when counter-clockwise. */
function signedArea(ring: readonly Point[]): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) sum += ring[j][0] * ring[i][1] - ring[i][0] * ring[j][1];
  return sum;
}

/** RFC 7946 §3.1.6 winding: exterior rings counter-clockwise, holes clockwise. */
function withRightHandRule(polygon: Polygon): Polygon {
  return polygon.map((ring, index) => {
    const counterClockwise = signedArea(ring) > 0;
    return counterClockwise === (index === 0) ? ring : [...ring].reverse();
  });
}

function toGeometry(polygons: readonly Polygon[]): object {
  const coordinates = polygons.map((polygon) =>
    closedRings(withRightHandRule(polygon)).map((ring) => ring.map(([x, y]) => [round(x), round(y)])),
  );
  return coordinates.length === 1 ? { type: 'Polygon', coordinates: coordinates[0] } : { type: 'MultiPolygon', coordinates };
}

/** Returns the number of bytes written. */
export function writeBasemap(path: string, description: string, features: readonly BasemapFeature[]): number {
  const collection = {
    type: 'FeatureCollection',
    // A foreign member (RFC 7946 §6.1): JSON has no comments, and this says what the numbers mean.
    description,
    features: features
      .filter((feature) => feature.polygons.length > 0)
      .map((feature) => ({ type: 'Feature', properties: feature.properties, geometry: toGeometry(feature.polygons) })),
  };
  // One feature per line: small diffs when the data is rebuilt, still compact.
  const lines = collection.features.map((feature) => JSON.stringify(feature));
  const head = JSON.stringify({ type: collection.type, description: collection.description });
  const text = `${head.slice(0, -1)},"features":[\n${lines.join(',\n')}\n]}\n`;
  writeFileSync(path, text);
  return Buffer.byteLength(text);
}
