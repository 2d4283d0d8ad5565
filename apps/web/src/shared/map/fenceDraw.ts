import type { Feature, FeatureCollection } from 'geojson';
import type { Map as MapLibreMap, MapMouseEvent } from 'maplibre-gl';
import { distanceMeters } from '@chelian/geo/coords.ts';

/*
 * Drawing a fence on a MapLibre map, for every sub-product that draws one (智能车联's 电子围栏,
 * 智能工牌's 责任区域). Circle: click the centre, then click at the radius. Polygon: click each
 * vertex, double-click to finish. Coordinates come back in WGS-84 whatever the basemap.
 */

export type LL = [number, number];
export type DrawnShape = { kind: 'circle'; center: LL; radius: number } | { kind: 'polygon'; ring: LL[] };
export type DrawMode = DrawnShape['kind'];

/** WGS-84 ↔ the map's coordinates (GCJ-02 for Chinese tiles). */
export interface DisplayCoords {
  toDisplay(lon: number, lat: number): LL;
  fromDisplay(lon: number, lat: number): LL;
}

const EARTH = 6_371_008.8;

/** A circle as a polygon ring (for drawing; the server tests circles exactly by distance). */
export function circleRing(center: LL, radiusMeters: number, steps = 64): LL[] {
  const [lon, lat] = center;
  const ring: LL[] = [];
  const latR = (lat * Math.PI) / 180;
  const d = radiusMeters / EARTH;
  for (let i = 0; i <= steps; i++) {
    const bearing = (i / steps) * 2 * Math.PI;
    const lat2 = Math.asin(Math.sin(latR) * Math.cos(d) + Math.cos(latR) * Math.sin(d) * Math.cos(bearing));
    const lon2 =
      (lon * Math.PI) / 180 + Math.atan2(Math.sin(bearing) * Math.sin(d) * Math.cos(latR), Math.cos(d) - Math.sin(latR) * Math.sin(lat2));
    ring.push([(lon2 * 180) / Math.PI, (lat2 * 180) / Math.PI]);
  }
  return ring;
}

export const radiusBetween = (center: LL, edge: LL) => Math.round(distanceMeters(center, edge));

/**
 * Listens for the clicks that draw a shape of `mode`; `sketch` hears the points so far and the
 * pointer (to draw the rubber band), `done` the finished shape. Returns what stops it.
 */
export function startFenceDraw(
  map: MapLibreMap,
  mode: DrawMode,
  display: DisplayCoords,
  on: {
    sketch: (points: LL[]) => void;
    hover: (at: LL) => void;
    done: (shape: DrawnShape) => void;
  },
): () => void {
  const at = (e: MapMouseEvent): LL => display.fromDisplay(e.lngLat.lng, e.lngLat.lat);
  let current: LL[] = [];
  const update = (next: LL[]) => on.sketch((current = next));
  const click = (e: MapMouseEvent) => {
    const p = at(e);
    if (mode === 'circle' && current.length === 1) {
      const radius = radiusBetween(current[0]!, p);
      if (radius >= 10) on.done({ kind: 'circle', center: current[0]!, radius });
      return;
    }
    update([...current, p]);
  };
  const dbl = (e: MapMouseEvent) => {
    if (mode !== 'polygon') return;
    e.preventDefault(); // no zoom on the finishing double-click
    // the double-click's two clicks added the last vertex twice
    const ring = current.filter((p, i) => i === 0 || p[0] !== current[i - 1]![0] || p[1] !== current[i - 1]![1]);
    update(ring);
    if (ring.length >= 3) on.done({ kind: 'polygon', ring });
  };
  const move = (e: MapMouseEvent) => on.hover(at(e));
  map.getCanvas().style.cursor = 'crosshair';
  map.doubleClickZoom.disable();
  map.on('click', click);
  map.on('dblclick', dbl);
  map.on('mousemove', move);
  return () => {
    map.off('click', click);
    map.off('dblclick', dbl);
    map.off('mousemove', move);
    map.doubleClickZoom.enable();
    map.getCanvas().style.cursor = '';
  };
}

/** The shape being drawn, in the map's coordinates: its vertices, and the circle or outline to the pointer. */
export function sketchData(mode: DrawMode, points: readonly LL[], hover: LL | null, display: DisplayCoords): FeatureCollection {
  const toD = (p: LL) => display.toDisplay(p[0], p[1]);
  const features: Feature[] = points.map((p) => ({ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: toD(p) } }));
  if (mode === 'circle' && points.length === 1 && hover) {
    features.push({
      type: 'Feature',
      properties: {},
      geometry: { type: 'Polygon', coordinates: [circleRing(points[0]!, Math.max(1, radiusBetween(points[0]!, hover))).map(toD)] },
    });
  }
  if (mode === 'polygon' && points.length > 0) {
    const ring = hover ? [...points, hover] : [...points];
    if (ring.length >= 3)
      features.push({ type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [[...ring, ring[0]!].map(toD)] } });
    else features.push({ type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: ring.map(toD) } });
  }
  return { type: 'FeatureCollection', features };
}

/** The sketch's look: a dashed amber outline, a light fill, white vertices. */
export const SKETCH_PAINT = {
  fill: { 'fill-color': '#f59e0b', 'fill-opacity': 0.2 },
  line: { 'line-color': '#f59e0b', 'line-width': 2, 'line-dasharray': [2, 1] },
  vertex: { 'circle-radius': 5, 'circle-color': '#ffffff', 'circle-stroke-color': '#f59e0b', 'circle-stroke-width': 2 },
};
