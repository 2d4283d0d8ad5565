import { gcj02ToWgs84, wgs84ToGcj02 } from '@chelian/geo/coords.ts';
import type { RuntimeConfig } from '@chelian/contracts';
import { runtimeConfig } from '../config/runtimeConfig.ts';

export type LngLat = [number, number];

/**
 * Positions are stored in WGS-84. The offline basemap is WGS-84 too; an operator's GCJ-02 tile
 * source (AMap, Tencent…) needs every drawn coordinate converted, and every clicked one converted
 * back before it is saved. Points outside China are never shifted (packages/geo decides).
 */
export function displayConverter(config: Pick<RuntimeConfig, 'tileUrl' | 'tileCoordSystem'> = runtimeConfig()) {
  const gcj = Boolean(config.tileUrl) && config.tileCoordSystem === 'gcj02';
  return {
    gcj,
    toDisplay: (lon: number, lat: number): LngLat => (gcj ? (wgs84ToGcj02(lon, lat) as LngLat) : [lon, lat]),
    fromDisplay: (lon: number, lat: number): LngLat => (gcj ? (gcj02ToWgs84(lon, lat) as LngLat) : [lon, lat]),
  };
}

export const display = displayConverter();
