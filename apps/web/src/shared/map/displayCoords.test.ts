import { describe, expect, it } from 'vitest';
import { displayConverter } from './displayCoords.ts';
import { basemapStyle } from './basemapStyle.ts';

describe('map coordinates and basemap', () => {
  it('draws WGS-84 as is on the offline basemap and on WGS-84 tiles', () => {
    for (const config of [
      { tileUrl: '', tileCoordSystem: 'gcj02' as const },
      { tileUrl: 'https://tile.example/{z}/{x}/{y}.png', tileCoordSystem: 'wgs84' as const },
    ]) {
      const d = displayConverter(config);
      expect(d.toDisplay(114.0579, 22.5431)).toEqual([114.0579, 22.5431]);
    }
  });

  it('converts positions for a GCJ-02 tile source, back again for clicks, and never outside China', () => {
    const d = displayConverter({
      tileUrl: 'https://webrd0{s}.is.autonavi.com/appmaptile?x={x}&y={y}&z={z}&style=8',
      tileCoordSystem: 'gcj02',
    });
    const [lon, lat] = d.toDisplay(114.0579, 22.5431);
    expect(lon - 114.0579).toBeGreaterThan(0.003); // AMap's offset in Shenzhen is ~500 m
    const [wlon, wlat] = d.fromDisplay(lon, lat);
    expect(wlon).toBeCloseTo(114.0579, 8);
    expect(wlat).toBeCloseTo(22.5431, 8);
    expect(d.toDisplay(139.6917, 35.6895)).toEqual([139.6917, 35.6895]); // Tokyo
  });

  it('uses the operator tile source when configured, the shipped boundaries otherwise, with no glyph server', () => {
    const tiles = basemapStyle({ tileUrl: 'https://{s}.tile.example/{z}/{x}/{y}.png' });
    expect(tiles.sources.tiles).toMatchObject({
      type: 'raster',
      tiles: ['https://a.tile.example/{z}/{x}/{y}.png', 'https://b.tile.example/{z}/{x}/{y}.png', 'https://c.tile.example/{z}/{x}/{y}.png'],
    });
    const offline = basemapStyle({ tileUrl: '' });
    expect(Object.keys(offline.sources)).toEqual(expect.arrayContaining(['world', 'provinces', 'cities']));
    expect(offline.glyphs).toBeUndefined();
    expect(JSON.stringify(offline)).not.toMatch(/https?:\/\//);
  });
});
