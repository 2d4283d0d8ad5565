import { bd09ToWgs84, gcj02ToWgs84, wgs84ToBd09, wgs84ToGcj02 } from '@chelian/geo/coords.ts';
import type { CoordSystem, RuntimeConfig } from '@chelian/contracts';
import { currentBasemap } from './basemapStore.ts';

export type LngLat = [number, number];

const same = (lon: number, lat: number): LngLat => [lon, lat];

const CONVERTERS = {
  wgs84: { gcj: false, toDisplay: same, fromDisplay: same },
  gcj02: {
    gcj: true,
    toDisplay: (lon: number, lat: number) => wgs84ToGcj02(lon, lat) as LngLat,
    fromDisplay: (lon: number, lat: number) => gcj02ToWgs84(lon, lat) as LngLat,
  },
  bd09: {
    gcj: false,
    toDisplay: (lon: number, lat: number) => wgs84ToBd09(lon, lat) as LngLat,
    fromDisplay: (lon: number, lat: number) => bd09ToWgs84(lon, lat) as LngLat,
  },
} as const;

/** Converters for a basemap drawn in this coordinate system (positions are WGS-84). */
export const converterFor = (coordSystem: CoordSystem) => CONVERTERS[coordSystem] ?? CONVERTERS.wgs84;

/**
 * Positions are stored in WGS-84. The offline basemap is WGS-84 too; an operator's GCJ-02 tile
 * source (AMap, Tencent…) needs every drawn coordinate converted, and every clicked one converted
 * back before it is saved. Points outside China are never shifted (packages/geo decides).
 */
export function displayConverter(config: Pick<RuntimeConfig, 'tileUrl' | 'tileCoordSystem'>) {
  return converterFor(config.tileUrl ? config.tileCoordSystem : 'wgs84');
}

/**
 * The converter of the basemap drawn now (地图设置 may change it while the page is open: the map
 * view then rebuilds, and its layers convert again with the new one).
 */
export const display = {
  get gcj() {
    return currentBasemap().coordSystem === 'gcj02';
  },
  toDisplay: (lon: number, lat: number): LngLat => converterFor(currentBasemap().coordSystem).toDisplay(lon, lat),
  fromDisplay: (lon: number, lat: number): LngLat => converterFor(currentBasemap().coordSystem).fromDisplay(lon, lat),
};
