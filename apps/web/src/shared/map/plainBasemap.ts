import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import { gcj02ToWgs84, wgs84ToGcj02 } from '@chelian/geo/coords.ts';
import { runtimeConfig } from '../config/runtimeConfig.ts';
import provincesUrl from '../../../../../packages/geo/data/basemap/china-provinces.geojson?url';
import citiesUrl from '../../../../../packages/geo/data/basemap/china-cities.geojson?url';

/*
 * The plain map the sub-products draw on (智能工牌's people, 宠物卫士's zones): the shipped
 * provinces and cities, or the operator's raster tiles when configured, and the conversion
 * between WGS-84 (what terminals report) and the tiles' coordinates (GCJ-02 for Chinese tiles).
 */
maplibregl.setWorkerUrl(workerUrl);

const config = runtimeConfig();
const gcj = Boolean(config.tileUrl) && config.tileCoordSystem === 'gcj02';

/** WGS-84 → the map's coordinates. */
export const toDisplay = (lon: number, lat: number): [number, number] => (gcj ? (wgs84ToGcj02(lon, lat) as [number, number]) : [lon, lat]);
/** The map's coordinates → WGS-84. */
export const fromDisplay = (lon: number, lat: number): [number, number] => (gcj ? (gcj02ToWgs84(lon, lat) as [number, number]) : [lon, lat]);

export function plainBasemapStyle(): maplibregl.StyleSpecification {
  if (config.tileUrl) {
    return { version: 8, sources: { tiles: { type: 'raster', tiles: [config.tileUrl], tileSize: 256, maxzoom: 19 } }, layers: [{ id: 'tiles', type: 'raster', source: 'tiles' }] };
  }
  return {
    version: 8,
    sources: { provinces: { type: 'geojson', data: provincesUrl, tolerance: 0.5 }, cities: { type: 'geojson', data: citiesUrl, tolerance: 0.5 } },
    layers: [
      { id: 'sea', type: 'background', paint: { 'background-color': '#dbe7f2' } },
      { id: 'land', type: 'fill', source: 'provinces', paint: { 'fill-color': '#fbfaf6' } },
      { id: 'city-border', type: 'line', source: 'cities', paint: { 'line-color': '#d9d4c7', 'line-width': 0.8, 'line-dasharray': [3, 2] } },
      { id: 'province-border', type: 'line', source: 'provinces', paint: { 'line-color': '#b7b0a2', 'line-width': 1 } },
    ],
  };
}
