import { mapSettingsEndpoints, type BasemapInfo } from '@chelian/contracts';
import type { EffectiveMapSettings } from './mapSettings.store.ts';
import type { StreetMapState } from './streetMap.port.ts';

/**
 * The providers' raster tile templates (docs/maps.md cites where each is documented). {a-b}
 * spreads requests over the numbered hosts; {key} is the stored key. Both are filled on the
 * server by the tile relay: the browser only ever sees the platform's own tile address.
 */
export const PROVIDER_TILES = {
  /** 高德 road map, GCJ-02, no key (style=8: roads and labels) */
  amap: ['https://webrd0{1-4}.is.autonavi.com/appmaptile?lang=zh_cn&size=1&scale=1&style=8&x={x}&y={y}&z={z}'],
  /** 天地图 vector map and its Chinese labels, Web Mercator (_w), CGCS2000 ≈ WGS-84, key tk */
  tianditu: [
    'https://t{0-7}.tianditu.gov.cn/vec_w/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=vec&STYLE=default&TILEMATRIXSET=w&FORMAT=tiles&TILEMATRIX={z}&TILEROW={y}&TILECOL={x}&tk={key}',
    'https://t{0-7}.tianditu.gov.cn/cva_w/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=cva&STYLE=default&TILEMATRIXSET=w&FORMAT=tiles&TILEMATRIX={z}&TILEROW={y}&TILECOL={x}&tk={key}',
  ],
} as const;

const ATTRIBUTION: Record<string, string> = { amap: '© 高德地图', tianditu: '© 天地图' };

/** A raster template names {z}, {x} and {y}; any other custom address is a MapLibre style. */
export const isRasterTemplate = (url: string) => /\{z\}/.test(url) && /\{x\}/.test(url) && /\{y\}/.test(url);

/** The upstream templates of the basemap's raster layers, bottom first; null when it draws no provider tiles. */
export function upstreamTemplates(basemap: EffectiveMapSettings['basemap']): readonly string[] | null {
  if (basemap.kind === 'amap' || basemap.kind === 'tianditu') return PROVIDER_TILES[basemap.kind];
  if (basemap.kind === 'custom' && isRasterTemplate(basemap.url)) return [basemap.url];
  return null;
}

/** One tile's upstream address: coordinates, the host picked from {s} or {a-b} by the tile, the key. */
export function tileUrl(template: string, z: number, x: number, y: number, key: string): string {
  const spread = (x + y) % 997;
  return template
    .replace(/\{s\}/g, () => 'abc'[spread % 3])
    .replace(/\{(\d+)-(\d+)\}/g, (_all, from: string, to: string) => String(Number(from) + (spread % (Number(to) - Number(from) + 1))))
    .replace(/\{z\}/g, String(z))
    .replace(/\{x\}/g, String(x))
    .replace(/\{y\}/g, String(y))
    .replace(/\{-y\}/g, String(2 ** z - 1 - y))
    .replace(/\{key\}/g, encodeURIComponent(key));
}

/** What the browser draws: the platform's relay for provider tiles, never a key. */
export function basemapInfo(settings: EffectiveMapSettings, street: StreetMapState): BasemapInfo {
  const { basemap, version } = settings;
  const info = { version, kind: basemap.kind, tiles: [] as string[], styleUrl: '', coordSystem: basemap.coordSystem, attribution: '' };
  const templates = upstreamTemplates(basemap);
  if (templates) {
    const relay = mapSettingsEndpoints.tile.path;
    const tiles = templates.map((_, layer) => `${relay}?z={z}&x={x}&y={y}&layer=${layer}&v=${encodeURIComponent(version)}`);
    const coordSystem = basemap.kind === 'amap' ? 'gcj02' : basemap.kind === 'tianditu' ? 'wgs84' : basemap.coordSystem;
    return { ...info, style: 'raster', tiles, coordSystem, attribution: ATTRIBUTION[basemap.kind] ?? '' };
  }
  // a vector style is read by the browser itself: a {key} in it goes there (the settings page says so)
  if (basemap.kind === 'custom' && basemap.url)
    return { ...info, style: 'vector', styleUrl: basemap.url.replace(/\{key\}/g, encodeURIComponent(basemap.keys.custom ?? '')) };
  if (basemap.kind === 'offlineStreet' && street.state === 'ready' && street.styleUrl)
    return { ...info, style: 'vector', styleUrl: street.styleUrl, coordSystem: 'wgs84', attribution: '© OpenStreetMap' };
  // offline, or a street map not (or no longer) there: the shipped basemap
  return { ...info, kind: basemap.kind === 'offlineStreet' ? 'offlineStreet' : 'offline', style: 'offline', coordSystem: 'wgs84' };
}
