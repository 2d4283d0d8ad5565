import { useMemo } from 'react';
import type { Feature, FeatureCollection } from 'geojson';
import type { Track } from '../../api/types.ts';
import type { Overspeed, Stop } from '../../playback/trackAnalysis.ts';
import { MAP_FONT } from '../../../shared/map/basemapStyle.ts';
import { display } from '../../../shared/map/displayCoords.ts';
import { M } from '../../messages.ts';
import { useGeoJsonLayer, type LayerDef } from '../../../shared/map/layers/geojsonLayer.ts';

// The white casing from street level only: it doubles the line work of every frame, and a month's
// route seen whole is a tangle it does not clarify (software WebGL here: ~0.4 s less per query).
const LINE_LAYERS: LayerDef[] = [
  {
    id: 'car-route-casing',
    type: 'line',
    minzoom: 13,
    filter: ['==', ['get', 'kind'], 'route'],
    layout: { 'line-join': 'round', 'line-cap': 'round' },
    paint: { 'line-color': '#ffffff', 'line-width': 7 },
  },
  {
    id: 'car-route-line',
    type: 'line',
    filter: ['==', ['get', 'kind'], 'route'],
    layout: { 'line-join': 'round', 'line-cap': 'round' },
    paint: { 'line-color': '#1265e0', 'line-width': 4 },
  },
  {
    id: 'car-route-overspeed',
    type: 'line',
    filter: ['==', ['get', 'kind'], 'overspeed'],
    layout: { 'line-join': 'round', 'line-cap': 'round' },
    paint: { 'line-color': '#e5484d', 'line-width': 5 },
  },
];
const POINT_LAYERS: LayerDef[] = [
  {
    id: 'car-route-marks',
    type: 'circle',
    paint: {
      'circle-radius': ['match', ['get', 'kind'], 'stop', 9, 11],
      'circle-color': ['match', ['get', 'kind'], 'start', '#18a058', 'end', '#e5484d', '#f59e0b'],
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 2,
    },
  },
  {
    id: 'car-route-mark-text',
    type: 'symbol',
    layout: { 'text-field': ['get', 'label'], 'text-font': MAP_FONT, 'text-size': 11, 'text-allow-overlap': true },
    paint: { 'text-color': '#ffffff' },
  },
];

const ROUTE_PIECE = 1000;

/** The route as lines of at most `size` points, each starting where the previous one ends. */
export function routePieces<T>(coords: readonly T[], size = ROUTE_PIECE): T[][] {
  const pieces: T[][] = [];
  for (let from = 0; from < coords.length - 1; from += size - 1) pieces.push(coords.slice(from, from + size));
  return pieces;
}

/** The replayed route (blue), its overspeed stretches (red), stops (P), start (起) and end (终). */
export function RouteLayer({ track, stops, overspeeds }: { track: Track; stops: readonly Stop[]; overspeeds: readonly Overspeed[] }) {
  // GeoJSON wants a pair per point; these are the only per-point values the page makes.
  const coords = useMemo(() => {
    const out = new Array<[number, number]>(track.length);
    for (let i = 0; i < track.length; i++) out[i] = display.toDisplay(track.lon[i], track.lat[i]);
    return out;
  }, [track]);
  const lines = useMemo<FeatureCollection>(() => {
    const features: Feature[] = [];
    // Every point is drawn, in pieces that share their end points: MapLibre's tiler (geojson-vt)
    // clips the route once per tile and zoom level, and a piece wholly inside or outside a tile is
    // taken or left by its bounding box, where one 260 000-point line is cut point by point.
    for (const piece of routePieces(coords))
      features.push({ type: 'Feature', properties: { kind: 'route' }, geometry: { type: 'LineString', coordinates: piece } });
    for (const o of overspeeds) {
      const part = coords.slice(Math.max(0, o.from - 1), o.to + 2);
      if (part.length > 1)
        features.push({ type: 'Feature', properties: { kind: 'overspeed' }, geometry: { type: 'LineString', coordinates: part } });
    }
    return { type: 'FeatureCollection', features };
  }, [coords, overspeeds]);
  const marks = useMemo<FeatureCollection>(() => {
    const features: Feature[] = stops.map((s) => ({
      type: 'Feature',
      properties: { kind: 'stop', label: 'P' },
      geometry: { type: 'Point', coordinates: display.toDisplay(s.lon, s.lat) },
    }));
    if (coords.length) {
      features.push({
        type: 'Feature',
        properties: { kind: 'start', label: M.playback.startMark },
        geometry: { type: 'Point', coordinates: coords[0] },
      });
      features.push({
        type: 'Feature',
        properties: { kind: 'end', label: M.playback.endMark },
        geometry: { type: 'Point', coordinates: coords.at(-1)! },
      });
    }
    return { type: 'FeatureCollection', features };
  }, [coords, stops]);
  useGeoJsonLayer('car-route', LINE_LAYERS, lines);
  useGeoJsonLayer('car-route-points', POINT_LAYERS, marks);
  return null;
}
