import { useEffect, useRef } from 'react';
import * as maplibregl from 'maplibre-gl';
import type { Feature, FeatureCollection } from 'geojson';
import type { PetHistory } from '@chelian/contracts';
import { plainBasemapStyle, toDisplay } from '../shared/map/plainBasemap.ts';
import { zonesData, type MapZone } from './PetZoneMap.tsx';

const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };

function trackData(h: PetHistory): FeatureCollection {
  if (h.points.length < 2) return EMPTY;
  return { type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: h.points.map((p) => toDisplay(p.lon, p.lat)) } }] };
}

function heatData(h: PetHistory): FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: h.heat.map((c): Feature => ({ type: 'Feature', properties: { minutes: c.minutes }, geometry: { type: 'Point', coordinates: toDisplay(c.lon, c.lat) } })),
  };
}

/** The day's fixes and cells, framed with some room (a lone fix gets a street's view round it). */
function frame(m: maplibregl.Map, h: PetHistory) {
  const places = [...h.points.map((p) => toDisplay(p.lon, p.lat)), ...h.heat.map((c) => toDisplay(c.lon, c.lat))];
  if (!places.length) return;
  const bounds = places.reduce((b, p) => b.extend(p), new maplibregl.LngLatBounds(places[0], places[0]));
  m.fitBounds(bounds, { padding: 60, maxZoom: 17, duration: 0 });
}

/**
 * 足迹热力 on the map: the day's track as a line and where the pet spent its time as a heat layer
 * (each ~50 m cell weighted by its minutes against the day's longest), over the pet's safe zones.
 */
export function PetHeatMap({ history, zones }: { history: PetHistory; zones: MapZone[] }) {
  const holder = useRef<HTMLDivElement>(null);
  const map = useRef<maplibregl.Map | null>(null);
  const ready = useRef(false);
  const latest = useRef({ history, zones });
  latest.current = { history, zones };

  const draw = (reframe: boolean) => {
    const m = map.current;
    if (!m || !ready.current) return;
    const { history: h } = latest.current;
    const most = Math.max(1, ...h.heat.map((c) => c.minutes));
    (m.getSource('zones') as maplibregl.GeoJSONSource).setData(zonesData(latest.current.zones));
    (m.getSource('track') as maplibregl.GeoJSONSource).setData(trackData(h));
    (m.getSource('heat') as maplibregl.GeoJSONSource).setData(heatData(h));
    m.setPaintProperty('heat', 'heatmap-weight', ['/', ['get', 'minutes'], most]);
    if (reframe) frame(m, h);
  };

  useEffect(() => {
    if (!holder.current) return;
    const m = new maplibregl.Map({
      container: holder.current, style: plainBasemapStyle(), center: [116.397, 39.909], zoom: 4, attributionControl: false,
      localIdeographFontFamily: '"WenQuanYi Micro Hei", "Microsoft YaHei", "PingFang SC", sans-serif', fadeDuration: 0, dragRotate: false,
    });
    map.current = m;
    m.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
    m.addControl(new maplibregl.ScaleControl({ unit: 'metric' }), 'bottom-left');
    m.on('load', () => {
      m.addSource('zones', { type: 'geojson', data: EMPTY });
      m.addLayer({ id: 'zones-fill', type: 'fill', source: 'zones', paint: { 'fill-color': ['get', 'color'], 'fill-opacity': 0.1 } });
      m.addLayer({ id: 'zones-line', type: 'line', source: 'zones', paint: { 'line-color': ['get', 'color'], 'line-width': 1.5, 'line-dasharray': [3, 2] } });
      m.addSource('heat', { type: 'geojson', data: EMPTY });
      m.addLayer({
        id: 'heat', type: 'heatmap', source: 'heat',
        paint: {
          // about one 50 m cell across at street zoom, wider when zoomed in
          'heatmap-radius': ['interpolate', ['exponential', 2], ['zoom'], 12, 6, 16, 40, 19, 240],
          'heatmap-intensity': 1,
          'heatmap-opacity': 0.85,
          'heatmap-color': ['interpolate', ['linear'], ['heatmap-density'], 0, 'rgba(255,224,178,0)', 0.2, '#ffe0b2', 0.5, '#ff9800', 1, '#d84315'],
        },
      });
      m.addSource('track', { type: 'geojson', data: EMPTY });
      m.addLayer({ id: 'track', type: 'line', source: 'track', layout: { 'line-join': 'round', 'line-cap': 'round' }, paint: { 'line-color': '#1677ff', 'line-width': 2, 'line-opacity': 0.7 } });
      ready.current = true;
      draw(true);
    });
    return () => {
      ready.current = false;
      m.remove();
      map.current = null;
    };
  }, []);

  useEffect(() => draw(true), [history]);
  useEffect(() => draw(false), [zones]);

  return <div className="pt-map" data-testid="pt-heat-map"><div ref={holder} /></div>;
}
