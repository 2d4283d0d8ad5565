import { useEffect, useRef } from 'react';
import * as maplibregl from 'maplibre-gl';
import type { FeatureCollection } from 'geojson';
import { fromDisplay, plainBasemapStyle, toDisplay } from '../shared/map/plainBasemap.ts';

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

/** A circle as a 64-point polygon (metres → degrees at its latitude). */
function circlePolygon(c: MapCircle): GeoJSON.Feature {
  const ring: Array<[number, number]> = [];
  for (let i = 0; i <= 64; i++) {
    const a = (i / 64) * 2 * Math.PI;
    const dLat = (c.radius * Math.cos(a)) / 111_320;
    const dLon = (c.radius * Math.sin(a)) / (111_320 * Math.cos((c.lat * Math.PI) / 180));
    ring.push(toDisplay(c.lon + dLon, c.lat + dLat));
  }
  return { type: 'Feature', properties: { color: c.color }, geometry: { type: 'Polygon', coordinates: [ring] } };
}

const pointsData = (points: MapPoint[]): FeatureCollection => ({
  type: 'FeatureCollection',
  features: points.map((p) => ({ type: 'Feature', properties: { id: p.id, color: p.color, label: p.label }, geometry: { type: 'Point', coordinates: toDisplay(p.lon, p.lat) } })),
});

/**
 * 智能工牌's map: people as coloured dots with their names, areas and checkpoints as circles;
 * clicking a dot picks the person, clicking elsewhere reports where (WGS-84).
 */
export function CardMap({ points, circles = [], focus, onPick, onClickMap }: {
  points: MapPoint[];
  circles?: MapCircle[];
  focus?: { lat: number; lon: number } | null;
  onPick?: (id: number) => void;
  onClickMap?: (lat: number, lon: number) => void;
}) {
  const holder = useRef<HTMLDivElement>(null);
  const map = useRef<maplibregl.Map | null>(null);
  const ready = useRef(false);
  const handlers = useRef({ onPick, onClickMap });
  handlers.current = { onPick, onClickMap };
  const latest = useRef({ points, circles });
  latest.current = { points, circles };

  const fitted = useRef(false);

  const draw = () => {
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
    (m.getSource('circles') as maplibregl.GeoJSONSource | undefined)?.setData({ type: 'FeatureCollection', features: latest.current.circles.map(circlePolygon) });
  };

  useEffect(() => {
    if (!holder.current) return;
    const first = latest.current.points[0];
    const m = new maplibregl.Map({ container: holder.current, style: plainBasemapStyle(), center: first ? toDisplay(first.lon, first.lat) : [121.4737, 31.2304], zoom: first ? 15 : 4, attributionControl: false,
      localIdeographFontFamily: '"WenQuanYi Micro Hei", "Microsoft YaHei", "PingFang SC", sans-serif', fadeDuration: 0, dragRotate: false,
    });
    map.current = m;
    m.on('load', () => {
      m.addSource('circles', { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
      m.addLayer({ id: 'circles-fill', type: 'fill', source: 'circles', paint: { 'fill-color': ['get', 'color'], 'fill-opacity': 0.15 } });
      m.addLayer({ id: 'circles-line', type: 'line', source: 'circles', paint: { 'line-color': ['get', 'color'], 'line-width': 1.5 } });
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
      draw();
    });
    return () => {
      ready.current = false;
      m.remove();
      map.current = null;
    };
  }, []);

  useEffect(draw, [points, circles]);

  useEffect(() => {
    if (focus && map.current) map.current.jumpTo({ center: toDisplay(focus.lon, focus.lat), zoom: Math.max(map.current.getZoom(), 15) });
  }, [focus?.lat, focus?.lon]); // eslint-disable-line react-hooks/exhaustive-deps

  return <div className="cd-map" data-testid="card-map"><div ref={holder} /></div>;
}
