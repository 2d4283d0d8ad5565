import { useEffect, useMemo, useRef, useState } from 'react';
import type { Feature, FeatureCollection } from 'geojson';
import { circleRing, radiusBetween } from '../../geofences/fenceGeometry.ts';
import { display } from '../displayCoords.ts';
import { useMap } from '../mapContext.ts';
import type { MapMouseEvent } from '../maplibre.ts';
import { useGeoJsonLayer, type LayerDef } from './geojsonLayer.ts';

type LL = [number, number];
export type DrawnShape = { kind: 'circle'; center: LL; radius: number } | { kind: 'polygon'; ring: LL[] };

const LAYERS: LayerDef[] = [
  { id: 'car-draw-fill', type: 'fill', filter: ['==', ['geometry-type'], 'Polygon'], paint: { 'fill-color': '#f59e0b', 'fill-opacity': 0.2 } },
  { id: 'car-draw-line', type: 'line', filter: ['!=', ['geometry-type'], 'Point'], paint: { 'line-color': '#f59e0b', 'line-width': 2, 'line-dasharray': [2, 1] } },
  { id: 'car-draw-vertex', type: 'circle', filter: ['==', ['geometry-type'], 'Point'], paint: { 'circle-radius': 5, 'circle-color': '#ffffff', 'circle-stroke-color': '#f59e0b', 'circle-stroke-width': 2 } },
];

/**
 * Draws a fence on the map. Circle: click the centre, then click at the radius. Polygon: click
 * each vertex, double-click to finish. Coordinates come back in WGS-84 whatever the basemap.
 */
export function FenceDrawLayer({ mode, onDone }: { mode: 'circle' | 'polygon'; onDone: (shape: DrawnShape) => void }) {
  const map = useMap();
  const [points, setPoints] = useState<LL[]>([]);
  const [hover, setHover] = useState<LL | null>(null);
  const done = useRef(onDone);
  done.current = onDone;

  useEffect(() => {
    setPoints([]);
    setHover(null);
    const at = (e: MapMouseEvent): LL => display.fromDisplay(e.lngLat.lng, e.lngLat.lat);
    let current: LL[] = [];
    const update = (next: LL[]) => setPoints((current = next));
    const click = (e: MapMouseEvent) => {
      const p = at(e);
      if (mode === 'circle' && current.length === 1) {
        const radius = radiusBetween(current[0], p);
        if (radius >= 10) done.current({ kind: 'circle', center: current[0], radius });
        return;
      }
      update([...current, p]);
    };
    const dbl = (e: MapMouseEvent) => {
      if (mode !== 'polygon') return;
      e.preventDefault(); // no zoom on the finishing double-click
      // the double-click's two clicks added the last vertex twice
      const ring = current.filter((p, i) => i === 0 || p[0] !== current[i - 1][0] || p[1] !== current[i - 1][1]);
      update(ring);
      if (ring.length >= 3) done.current({ kind: 'polygon', ring });
    };
    const move = (e: MapMouseEvent) => setHover(at(e));
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
  }, [map, mode]);

  const data = useMemo<FeatureCollection>(() => {
    const toD = (p: LL) => display.toDisplay(p[0], p[1]);
    const features: Feature[] = points.map((p) => ({ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: toD(p) } }));
    if (mode === 'circle' && points.length === 1 && hover) {
      features.push({ type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [circleRing(points[0], Math.max(1, radiusBetween(points[0], hover))).map(toD)] } });
    }
    if (mode === 'polygon' && points.length > 0) {
      const ring = hover ? [...points, hover] : points;
      if (ring.length >= 3) features.push({ type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [[...ring, ring[0]].map(toD)] } });
      else features.push({ type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: ring.map(toD) } });
    }
    return { type: 'FeatureCollection', features };
  }, [points, hover, mode]);
  useGeoJsonLayer('car-draw', LAYERS, data);
  return null;
}
