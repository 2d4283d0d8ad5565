import type { BasemapInfo, RuntimeConfig } from '@chelian/contracts';
import type { FeatureCollection } from 'geojson';
import type { GeoJSONSource, Map as MapLibreMap, StyleSpecification } from 'maplibre-gl';
import { labelPoints } from './basemapLabels.ts';
import provincesUrl from '../../../../../packages/geo/data/basemap/china-provinces.geojson?url';
import citiesUrl from '../../../../../packages/geo/data/basemap/china-cities.geojson?url';
import worldUrl from '../../../../../packages/geo/data/basemap/world-countries.geojson?url';

/**
 * Labels are drawn by the browser from its own fonts (the style names no glyphs URL, so
 * MapLibre renders every glyph locally with TinySDF): no glyph server, no network, and Chinese
 * plates and place names render with whatever CJK font the machine has.
 */
export const MAP_FONT = ['Microsoft YaHei', 'PingFang SC', 'WenQuanYi Micro Hei', 'Noto Sans CJK SC', 'sans-serif'];
export const LOCAL_FONT_FAMILY = MAP_FONT.map((f) => (f.includes(' ') ? `"${f}"` : f)).join(', ');

export const LABELS_SOURCE = 'basemap-labels';

const label = (kind: string, minzoom: number, maxzoom: number, size: number, color: string) => ({
  type: 'symbol' as const,
  source: LABELS_SOURCE,
  filter: ['==', ['get', 'kind'], kind],
  minzoom,
  maxzoom,
  layout: { 'text-field': ['get', 'name'], 'text-font': MAP_FONT, 'text-size': size, 'text-max-width': 8 },
  paint: { 'text-color': color, 'text-halo-color': 'rgba(255,255,255,0.9)', 'text-halo-width': 1.2 },
});

/** The default basemap: China's provinces and cities and the world's countries, shipped with the project. */
export function offlineStyle(urls = { provincesUrl, citiesUrl, worldUrl }): StyleSpecification {
  return {
    version: 8,
    name: 'chelian-offline',
    sources: {
      world: { type: 'geojson', data: urls.worldUrl, tolerance: 0.6 },
      provinces: { type: 'geojson', data: urls.provincesUrl, tolerance: 0.5 },
      cities: { type: 'geojson', data: urls.citiesUrl, tolerance: 0.5 },
      // one point per region, filled in by loadBasemapLabels once the map is up
      [LABELS_SOURCE]: { type: 'geojson', data: { type: 'FeatureCollection', features: [] } },
    },
    layers: [
      { id: 'sea', type: 'background', paint: { 'background-color': '#dbe7f2' } },
      { id: 'world-land', type: 'fill', source: 'world', paint: { 'fill-color': '#f1f0ec' } },
      { id: 'world-border', type: 'line', source: 'world', paint: { 'line-color': '#c3c6cc', 'line-width': 0.8 } },
      { id: 'china-land', type: 'fill', source: 'provinces', paint: { 'fill-color': '#fbfaf6' } },
      {
        id: 'city-border',
        type: 'line',
        source: 'cities',
        minzoom: 5,
        paint: { 'line-color': '#d9d4c7', 'line-width': 0.8, 'line-dasharray': [3, 2] },
      },
      {
        id: 'province-border',
        type: 'line',
        source: 'provinces',
        paint: { 'line-color': '#b7b0a2', 'line-width': ['interpolate', ['linear'], ['zoom'], 3, 0.6, 8, 1.6] },
      },
      { id: 'country-label', ...label('country', 2, 7, 11, '#8a8f98') },
      { id: 'province-label', ...label('province', 3.5, 7, 12, '#5f6670') },
      { id: 'city-label', ...label('city', 6.5, 24, 12, '#5f6670') },
    ] as StyleSpecification['layers'],
  };
}

/** An operator-configured raster tile source (OSM, AMap, Tianditu, any {z}/{x}/{y} URL). */
export function tileStyle(tileUrl: string): StyleSpecification {
  const tiles = /\{s\}/.test(tileUrl) ? ['a', 'b', 'c'].map((s) => tileUrl.replace('{s}', s)) : [tileUrl];
  return {
    version: 8,
    name: 'chelian-tiles',
    sources: { tiles: { type: 'raster', tiles, tileSize: 256, maxzoom: 19 } },
    layers: [
      { id: 'sea', type: 'background', paint: { 'background-color': '#e8edf2' } },
      { id: 'tiles', type: 'raster', source: 'tiles' },
    ],
  };
}

/** Reads the basemap files (from the browser cache by now) and puts one label point per region. */
export async function loadBasemapLabels(map: MapLibreMap, urls = { provincesUrl, citiesUrl, worldUrl }): Promise<void> {
  const read = async (url: string) => (await fetch(url)).json() as Promise<FeatureCollection>;
  const [world, provinces, cities] = await Promise.all([read(urls.worldUrl), read(urls.provincesUrl), read(urls.citiesUrl)]);
  const features = [
    ...labelPoints(world, 'country').filter((f) => f.properties?.name !== '中国'),
    ...labelPoints(provinces, 'province'),
    ...labelPoints(cities, 'city'),
  ];
  (map.getSource(LABELS_SOURCE) as GeoJSONSource | undefined)?.setData({ type: 'FeatureCollection', features });
}

export function basemapStyle(config: Pick<RuntimeConfig, 'tileUrl'>): StyleSpecification {
  return config.tileUrl ? tileStyle(config.tileUrl) : offlineStyle();
}

/** The platform's own addresses (the tile relay) made absolute: MapLibre reads tiles by full URL. */
const absolute = (url: string, base: string, origin: string) => (/^[a-z]+:\/\//i.test(url) ? url : `${base || origin}${url}`);

/** Raster layers, bottom first (天地图: the map, then its labels), each its own source. */
export function rasterStyle(templates: string[]): StyleSpecification {
  const expand = (t: string) => (/\{s\}/.test(t) ? ['a', 'b', 'c'].map((s) => t.replace('{s}', s)) : [t]);
  return {
    version: 8,
    name: 'chelian-tiles',
    sources: Object.fromEntries(
      templates.map((t, i) => [`tiles${i || ''}`, { type: 'raster', tiles: expand(t), tileSize: 256, maxzoom: 18 }]),
    ),
    layers: [
      { id: 'sea', type: 'background', paint: { 'background-color': '#e8edf2' } },
      ...templates.map((_, i) => ({ id: `tiles${i || ''}`, type: 'raster' as const, source: `tiles${i || ''}` })),
    ],
  };
}

/** The style of the basemap 地图设置 chose: the shipped one, raster tiles, or a vector style's URL. */
export function styleOf(
  info: BasemapInfo,
  base = '',
  origin = typeof window === 'undefined' ? '' : window.location.origin,
): StyleSpecification | string {
  if (info.style === 'raster' && info.tiles.length > 0) return rasterStyle(info.tiles.map((t) => absolute(t, base, origin)));
  if (info.style === 'vector' && info.styleUrl) return absolute(info.styleUrl, base, origin);
  return offlineStyle();
}
