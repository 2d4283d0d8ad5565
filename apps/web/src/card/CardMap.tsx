import { useEffect, useRef, useState } from 'react';
import * as maplibregl from 'maplibre-gl';
import type { Feature, FeatureCollection } from 'geojson';
import type { CardArea } from '@chelian/contracts';
import { fromDisplay, plainBasemapStyle, toDisplay } from '../shared/map/plainBasemap.ts';
import { SKETCH_PAINT, circleRing, sketchData, startFenceDraw, type DrawMode, type DrawnShape, type LL } from '../shared/map/fenceDraw.ts';

export interface MapPoint {
  id: number;
  lat: number;
  lon: number;
  color: string;
  label: string;
}

export interface MapCircle {
  id: number;
  lat: number;
  lon: number;
  radius: number;
  color: string;
}

/** A polygon area: its outline in WGS-84 ([lon, lat], closed or not). */
export interface MapPolygon {
  id: number;
  ring: LL[];
  color: string;
}

const coords = { toDisplay, fromDisplay };
// Defaults that keep their identity between renders (a new [] would redraw the areas each time).
const NO_CIRCLES: MapCircle[] = [];
const NO_POLYGONS: MapPolygon[] = [];
const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };

const circleFeature = (c: MapCircle): Feature => ({
  type: 'Feature', properties: { id: c.id, color: c.color }, geometry: { type: 'Polygon', coordinates: [circleRing([c.lon, c.lat], c.radius).map((p) => toDisplay(p[0], p[1]))] },
});

function polygonFeature(p: MapPolygon): Feature {
  const [first, last] = [p.ring[0], p.ring.at(-1)];
  const closed = first && last && (first[0] !== last[0] || first[1] !== last[1]) ? [...p.ring, first] : p.ring;
  return { type: 'Feature', properties: { id: p.id, color: p.color }, geometry: { type: 'Polygon', coordinates: [closed.map((q) => toDisplay(q[0], q[1]))] } };
}

/** Responsibility areas as the map draws them: circles and polygons in one colour. */
export function areaShapes(areas: readonly CardArea[], color: string): { circles: MapCircle[]; polygons: MapPolygon[] } {
  return {
    circles: areas.filter((a) => a.kind === 'circle' && a.center && a.radius).map((a) => ({ id: a.areaId, lon: a.center![0]!, lat: a.center![1]!, radius: a.radius!, color })),
    polygons: areas.filter((a) => a.kind !== 'circle' && a.rings?.[0]?.length).map((a) => ({ id: a.areaId, ring: a.rings![0]! as LL[], color })),
  };
}

/** Where an area is: a circle's centre, a polygon's vertex average. */
export function areaCenter(a: CardArea): { lat: number; lon: number } | null {
  if (a.kind === 'circle') return a.center ? { lon: a.center[0]!, lat: a.center[1]! } : null;
  const ring = a.rings?.[0];
  if (!ring?.length) return null;
  return { lon: ring.reduce((n, p) => n + p[0]!, 0) / ring.length, lat: ring.reduce((n, p) => n + p[1]!, 0) / ring.length };
}

const pointsData = (points: MapPoint[]): FeatureCollection => ({
  type: 'FeatureCollection',
  features: points.map((p) => ({ type: 'Feature', properties: { id: p.id, color: p.color, label: p.label }, geometry: { type: 'Point', coordinates: toDisplay(p.lon, p.lat) } })),
});

/**
 * 智能工牌's map: people as coloured dots with their names, areas as circles and polygons,
 * checkpoints as circles; clicking a dot picks the person, clicking elsewhere reports where
 * (WGS-84). With `draw`, clicks draw a circle or polygon instead (shared/map/fenceDraw.ts, as
 * 智能车联's 电子围栏 draws) and `onDrawn` hears the shape.
 */
export function CardMap({ points, circles = NO_CIRCLES, polygons = NO_POLYGONS, focus, onPick, onClickMap, draw = null, onDrawn }: {
  points: MapPoint[];
  circles?: MapCircle[];
  polygons?: MapPolygon[];
  focus?: { lat: number; lon: number } | null;
  onPick?: (id: number) => void;
  onClickMap?: (lat: number, lon: number) => void;
  draw?: DrawMode | null;
  onDrawn?: (shape: DrawnShape) => void;
}) {
  const holder = useRef<HTMLDivElement>(null);
  const map = useRef<maplibregl.Map | null>(null);
  const ready = useRef(false);
  const [loaded, setLoaded] = useState(false);
  const [sketch, setSketch] = useState<LL[]>([]);
  const [hover, setHover] = useState<LL | null>(null);
  const handlers = useRef({ onPick, onClickMap, onDrawn });
  handlers.current = { onPick, onClickMap, onDrawn };
  const latest = useRef({ points, circles, polygons });
  latest.current = { points, circles, polygons };

  const fitted = useRef(false);

  const redraw = () => {
    const m = map.current;
    if (!m || !ready.current) return;
    (m.getSource('people') as maplibregl.GeoJSONSource | undefined)?.setData(pointsData(latest.current.points));
    // The first people to arrive frame the view (a team at work, not the whole country).
    const people = latest.current.points;
    if (!fitted.current && people.length > 0) {
      fitted.current = true;
      const bounds = new maplibregl.LngLatBounds();
      for (const p of people) bounds.extend(toDisplay(p.lon, p.lat));
      m.fitBounds(bounds, { padding: 60, maxZoom: 16, duration: 0 });
    }
    (m.getSource('areas') as maplibregl.GeoJSONSource | undefined)?.setData({
      type: 'FeatureCollection', features: [...latest.current.circles.map(circleFeature), ...latest.current.polygons.map(polygonFeature)],
    });
  };

  useEffect(() => {
    if (!holder.current) return;
    const first = latest.current.points[0];
    const m = new maplibregl.Map({ container: holder.current, style: plainBasemapStyle(), center: first ? toDisplay(first.lon, first.lat) : [121.4737, 31.2304], zoom: first ? 15 : 4, attributionControl: false,
      localIdeographFontFamily: '"WenQuanYi Micro Hei", "Microsoft YaHei", "PingFang SC", sans-serif', fadeDuration: 0, dragRotate: false,
    });
    map.current = m;
    // Browser tests reach the map through its element (as 智能车联's MapView offers it).
    (holder.current as HTMLElement & { maplibre?: maplibregl.Map }).maplibre = m;
    m.on('load', () => {
      m.addSource('areas', { type: 'geojson', data: EMPTY });
      m.addLayer({ id: 'areas-fill', type: 'fill', source: 'areas', paint: { 'fill-color': ['get', 'color'], 'fill-opacity': 0.15 } });
      m.addLayer({ id: 'areas-line', type: 'line', source: 'areas', paint: { 'line-color': ['get', 'color'], 'line-width': 1.5 } });
      m.addSource('sketch', { type: 'geojson', data: EMPTY });
      m.addLayer({ id: 'sketch-fill', type: 'fill', source: 'sketch', filter: ['==', ['geometry-type'], 'Polygon'], paint: SKETCH_PAINT.fill });
      m.addLayer({ id: 'sketch-line', type: 'line', source: 'sketch', filter: ['!=', ['geometry-type'], 'Point'], paint: SKETCH_PAINT.line });
      m.addLayer({ id: 'sketch-vertex', type: 'circle', source: 'sketch', filter: ['==', ['geometry-type'], 'Point'], paint: SKETCH_PAINT.vertex });
      m.addSource('people', { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
      m.addLayer({ id: 'people', type: 'circle', source: 'people', paint: { 'circle-radius': 7, 'circle-color': ['get', 'color'], 'circle-stroke-color': '#fff', 'circle-stroke-width': 2 } });
      m.addLayer({
        id: 'people-label', type: 'symbol', source: 'people',
        layout: { 'text-field': ['get', 'label'], 'text-font': ['WenQuanYi Micro Hei', 'sans-serif'], 'text-size': 12, 'text-offset': [0, 1.3], 'text-allow-overlap': false },
        paint: { 'text-color': '#333', 'text-halo-color': '#fff', 'text-halo-width': 1.2 },
      });
      m.on('click', 'people', (e) => {
        const id = e.features?.[0]?.properties?.id;
        if (typeof id === 'number') handlers.current.onPick?.(id);
      });
      m.on('click', (e) => {
        if (m.queryRenderedFeatures(e.point, { layers: ['people'] }).length) return;
        const [lon, lat] = fromDisplay(e.lngLat.lng, e.lngLat.lat);
        handlers.current.onClickMap?.(lat, lon);
      });
      ready.current = true;
      setLoaded(true);
      redraw();
    });
    return () => {
      ready.current = false;
      setLoaded(false);
      m.remove();
      map.current = null;
    };
  }, []);

  useEffect(redraw, [points, circles, polygons]);

  useEffect(() => {
    setSketch([]);
    setHover(null);
    const m = map.current;
    if (!m || !loaded || !draw) return;
    return startFenceDraw(m, draw, coords, { sketch: setSketch, hover: setHover, done: (shape) => handlers.current.onDrawn?.(shape) });
  }, [draw, loaded]);

  useEffect(() => {
    if (loaded) (map.current?.getSource('sketch') as maplibregl.GeoJSONSource | undefined)?.setData(draw ? sketchData(draw, sketch, hover, coords) : EMPTY);
  }, [draw, sketch, hover, loaded]);

  useEffect(() => {
    if (focus && map.current) map.current.jumpTo({ center: toDisplay(focus.lon, focus.lat), zoom: Math.max(map.current.getZoom(), 15) });
  }, [focus?.lat, focus?.lon]); // eslint-disable-line react-hooks/exhaustive-deps

  return <div className="cd-map" data-testid="card-map" data-map-ready={loaded ? 'true' : 'false'}><div ref={holder} className="cd-map-canvas" /></div>;
}
