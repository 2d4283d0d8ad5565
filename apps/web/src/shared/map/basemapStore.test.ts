import { describe, expect, it } from 'vitest';
import type { BasemapInfo } from '@chelian/contracts';
import { styleOf } from './basemapStyle.ts';
import { currentBasemap, runtimeBasemap, setBasemap } from './basemapStore.ts';
import { display } from './displayCoords.ts';

const info = (over: Partial<BasemapInfo>): BasemapInfo => ({
  version: `v${Math.random()}`,
  kind: 'offline',
  style: 'offline',
  tiles: [],
  styleUrl: '',
  coordSystem: 'wgs84',
  attribution: '',
  ...over,
});

describe('the basemap 地图设置 chose', () => {
  it('draws the relay’s raster layers by full address, a vector style by its URL, the shipped basemap otherwise', () => {
    const relay = [
      '/car/v1/api/mapSettings/tile?z={z}&x={x}&y={y}&layer=0&v=1',
      '/car/v1/api/mapSettings/tile?z={z}&x={x}&y={y}&layer=1&v=1',
    ];
    const raster = styleOf(info({ kind: 'tianditu', style: 'raster', tiles: relay }), '', 'https://gps.example');
    expect(typeof raster).toBe('object');
    const sources = (raster as { sources: Record<string, { tiles: string[] }> }).sources;
    expect(sources.tiles.tiles).toEqual([`https://gps.example${relay[0]}`]);
    expect(sources.tiles1.tiles).toEqual([`https://gps.example${relay[1]}`]);
    expect(styleOf(info({ kind: 'offlineStreet', style: 'vector', styleUrl: '/map/street/style.json' }), 'https://api.example', 'x')).toBe(
      'https://api.example/map/street/style.json',
    );
    const offline = styleOf(info({}));
    expect(Object.keys((offline as { sources: object }).sources)).toEqual(expect.arrayContaining(['world', 'provinces', 'cities']));
  });

  it('starts from the runtime config and converts positions for the basemap drawn now', () => {
    expect(
      runtimeBasemap({ baseUrl: '', systemName: 'x', aiBaseUrl: '', aiScriptUrl: '', tileUrl: '', tileCoordSystem: 'gcj02' }),
    ).toMatchObject({
      style: 'offline',
      coordSystem: 'wgs84',
    });
    setBasemap(info({ kind: 'amap', style: 'raster', tiles: ['/t'], coordSystem: 'gcj02' }));
    expect(currentBasemap().kind).toBe('amap');
    const [lon] = display.toDisplay(114.0579, 22.5431);
    expect(lon - 114.0579).toBeGreaterThan(0.003);
    expect(display.fromDisplay(...display.toDisplay(114.0579, 22.5431))[0]).toBeCloseTo(114.0579, 8);
    setBasemap(info({}));
    expect(display.toDisplay(114.0579, 22.5431)).toEqual([114.0579, 22.5431]);
  });
});
