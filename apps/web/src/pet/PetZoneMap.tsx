import { useEffect, useRef } from 'react';
import * as maplibregl from 'maplibre-gl';
import type { Feature, FeatureCollection } from 'geojson';
import type { PetZone } from '@chelian/contracts';
import { fromDisplay, plainBasemapStyle, toDisplay as lonLatToDisplay } from '../shared/map/plainBasemap.ts';

type LL = [number, number];
/** A zone to draw, WGS-84: a circle (centre and radius) or a polygon's corners. */
export interface MapZone {
  id: number;
  circle?: { center: LL; radius: number };
  ring?: LL[];
  color: string;
}

/** A saved zone as the map draws it. */
export const mapZoneOf = (z: PetZone): MapZone => (z.kind === 'circle'
  ? { id: z.zoneId, circle: { center: [z.lon!, z.lat!], radius: z.radiusMeters! }, color: '#1677ff' }
  : { id: z.zoneId, ring: z.points as LL[], color: '#1677ff' });

const toDisplay = (p: LL): LL => lonLatToDisplay(p[0], p[1]);

function ringOf(z: MapZone): LL[] {
  if (z.ring) return z.ring.length ? [...z.ring, z.ring[0]!] : [];
  const { center: [lon, lat], radius } = z.circle!;
  return Array.from({ length: 65 }, (_, i) => {
    const a = (i / 64) * 2 * Math.PI;
    return [lon + (radius * Math.sin(a)) / (111_320 * Math.cos((lat * Math.PI) / 180)), lat + (radius * Math.cos(a)) / 111_320] as LL;
  });
}

export const zonesData = (zones: MapZone[]): FeatureCollection => ({
  type: 'FeatureCollection',
  features: zones.filter((z) => (z.ring?.length ?? 3) >= 3).map((z): Feature => ({ type: 'Feature', properties: { color: z.color }, geometry: { type: 'Polygon', coordinates: [ringOf(z).map(toDisplay)] } })),
});
const pointsData = (points: LL[]): FeatureCollection => ({
  type: 'FeatureCollection',
  features: points.map((p): Feature => ({ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: toDisplay(p) } })),
});

const NO_POINTS: LL[] = [];

/**
 * A pet's map: its zones, the corners being drawn and the pet; a click reports where (WGS-84).
 * 安全区域 draws on it; 宠物定位 shows it live (`follow`: the view moves with the pet when it leaves it).
 */
export function PetZoneMap({ zones, draft = NO_POINTS, pet, onClickMap, follow = false, testId = 'pt-zone-map' }: {
  zones: MapZone[];
  draft?: LL[];
  pet: LL | null;
  onClickMap?: (p: LL) => void;
  follow?: boolean;
  testId?: string;
}) {
  const holder = useRef<HTMLDivElement>(null);
  const map = useRef<maplibregl.Map | null>(null);
  const ready = useRef(false);
  const click = useRef(onClickMap);
  click.current = onClickMap;
  const latest = useRef({ zones, draft, pet, follow });
  latest.current = { zones, draft, pet, follow };

  const draw = () => {
    const m = map.current;
    if (!m || !ready.current) return;
    (m.getSource('zones') as maplibregl.GeoJSONSource | undefined)?.setData(zonesData(latest.current.zones));
    (m.getSource('draft') as maplibregl.GeoJSONSource | undefined)?.setData(pointsData(latest.current.draft));
    (m.getSource('pet') as maplibregl.GeoJSONSource | undefined)?.setData(pointsData(latest.current.pet ? [latest.current.pet] : []));
    const at = latest.current.pet && toDisplay(latest.current.pet);
    if (latest.current.follow && at && !m.getBounds().contains(at)) m.easeTo({ center: at, duration: 500 });
  };

  useEffect(() => {
    if (!holder.current) return;
    const first = latest.current.pet ?? latest.current.zones[0]?.circle?.center ?? latest.current.zones[0]?.ring?.[0];
    const m = new maplibregl.Map({
      container: holder.current, style: plainBasemapStyle(), center: first ? toDisplay(first) : [116.397, 39.909], zoom: first ? 16 : 4, attributionControl: false,
      localIdeographFontFamily: '"WenQuanYi Micro Hei", "Microsoft YaHei", "PingFang SC", sans-serif', fadeDuration: 0, dragRotate: false,
    });
    map.current = m;
    m.doubleClickZoom.disable();
    m.addControl(new maplibregl.ScaleControl({ unit: 'metric' }), 'bottom-left');
    m.on('load', () => {
      const empty: FeatureCollection = { type: 'FeatureCollection', features: [] };
      m.addSource('zones', { type: 'geojson', data: empty });
      m.addLayer({ id: 'zones-fill', type: 'fill', source: 'zones', paint: { 'fill-color': ['get', 'color'], 'fill-opacity': 0.18 } });
      m.addLayer({ id: 'zones-line', type: 'line', source: 'zones', paint: { 'line-color': ['get', 'color'], 'line-width': 2 } });
      m.addSource('draft', { type: 'geojson', data: empty });
      m.addLayer({ id: 'draft', type: 'circle', source: 'draft', paint: { 'circle-radius': 5, 'circle-color': '#fff', 'circle-stroke-color': '#f59e0b', 'circle-stroke-width': 2 } });
      m.addSource('pet', { type: 'geojson', data: empty });
      m.addLayer({ id: 'pet', type: 'circle', source: 'pet', paint: { 'circle-radius': 7, 'circle-color': '#fa541c', 'circle-stroke-color': '#fff', 'circle-stroke-width': 2 } });
      m.on('click', (e) => click.current?.(fromDisplay(e.lngLat.lng, e.lngLat.lat)));
      ready.current = true;
      draw();
    });
    return () => {
      ready.current = false;
      m.remove();
      map.current = null;
    };
  }, []);

  useEffect(draw, [zones, draft, pet]);

  return <div className="pt-map" data-testid={testId}><div ref={holder} /></div>;
}
