import type { StreetArea, StreetPlace, StreetRoad } from './streetGeocoder.ts';

/**
 * What the reverse geocoder keeps of one OpenStreetMap feature, as `osmium export` writes it
 * (GeoJSON, tags as properties): a named road, an administrative area, a named POI or a house
 * number. Pure: the import streams osmium's output through it.
 */
export type OsmRow = { road: StreetRoad } | { area: StreetArea } | { place: StreetPlace };

interface GeoJsonFeature {
  geometry?: { type: string; coordinates: unknown } | null;
  properties?: Record<string, unknown> | null;
}

/** Roads a vehicle is "on": not footways or tracks. */
const ROAD_KINDS = new Set([
  'motorway',
  'motorway_link',
  'trunk',
  'trunk_link',
  'primary',
  'primary_link',
  'secondary',
  'secondary_link',
  'tertiary',
  'tertiary_link',
  'unclassified',
  'residential',
  'living_street',
  'road',
  'service',
  'pedestrian',
]);

/** Tags that make a named object a POI (the same as the tiles' poi layer, tilemaker/process.lua). */
const POI_KEYS = ['amenity', 'shop', 'tourism', 'office', 'leisure', 'historic', 'healthcare', 'railway', 'building'];

/** The osmium filter: only what the rows below can use (tags-filter expressions). */
export const OSMIUM_FILTER = ['w/highway', 'nwr/addr:housenumber', 'nwr/name', 'r/boundary=administrative'];

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** name:zh first, then name: labels and addresses read in Chinese wherever the data has it. */
export function osmName(tags: Record<string, unknown>): string {
  return text(tags['name:zh']) || text(tags['name:zh-Hans']) || text(tags.name);
}

export function osmRows(feature: GeoJsonFeature): OsmRow[] {
  const tags = feature.properties ?? {};
  const g = feature.geometry;
  if (!g) return [];
  const name = osmName(tags);
  const rows: OsmRow[] = [];

  if (name && ROAD_KINDS.has(text(tags.highway))) {
    const lines = g.type === 'LineString' ? [g.coordinates] : g.type === 'MultiLineString' ? (g.coordinates as unknown[]) : [];
    for (const line of lines as number[][][]) rows.push({ road: { name, coords: line.flat() } });
    return rows;
  }

  const level = Number(text(tags.admin_level));
  if (name && text(tags.boundary) === 'administrative' && level >= 4 && level <= 8 && isArea(g.type)) {
    rows.push({
      area: {
        name,
        level,
        rings: polygons(g)
          .flat()
          .map((ring) => ring.flat()),
      },
    });
    return rows;
  }

  const at = pointOf(g);
  if (!at) return rows;
  if (name && POI_KEYS.some((k) => text(tags[k]) && text(tags[k]) !== 'no')) {
    rows.push({ place: { kind: 'poi', name, street: null, lon: at[0], lat: at[1] } });
  }
  const housenumber = text(tags['addr:housenumber']);
  if (housenumber)
    rows.push({ place: { kind: 'house', name: housenumber, street: text(tags['addr:street']) || null, lon: at[0], lat: at[1] } });
  return rows;
}

const isArea = (type: string) => type === 'Polygon' || type === 'MultiPolygon';

function polygons(g: { type: string; coordinates: unknown }): number[][][][] {
  return g.type === 'Polygon' ? [g.coordinates as number[][][]] : (g.coordinates as number[][][][]);
}

/** A point for a place: the node itself, or the centroid of an area's outer ring (a way's midpoint for lines). */
function pointOf(g: { type: string; coordinates: unknown }): [number, number] | null {
  if (g.type === 'Point') return g.coordinates as [number, number];
  if (g.type === 'LineString') {
    const line = g.coordinates as number[][];
    return line.length ? (line[Math.floor(line.length / 2)] as [number, number]) : null;
  }
  if (!isArea(g.type)) return null;
  const ring = polygons(g)[0]?.[0];
  if (!ring || ring.length < 3) return null;
  let [a, cx, cy] = [0, 0, 0];
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const f = ring[j][0] * ring[i][1] - ring[i][0] * ring[j][1];
    a += f;
    cx += (ring[j][0] + ring[i][0]) * f;
    cy += (ring[j][1] + ring[i][1]) * f;
  }
  if (a === 0) return [ring[0][0], ring[0][1]];
  return [cx / (3 * a), cy / (3 * a)];
}
