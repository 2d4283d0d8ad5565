import { describe, expect, it } from 'vitest';
import type { StyleSpecification } from 'maplibre-gl';
import { offlineStyle, rasterStyle } from './basemapStyle.ts';
import { DARK_RASTER_PAINT, darkColor, darkStyle, parseColor, styleForScheme } from './darkStyle.ts';

const urls = { provincesUrl: '/p.geojson', citiesUrl: '/c.geojson', worldUrl: '/w.geojson' };
const lightness = (text: string) => {
  const [r, g, b] = parseColor(text)!;
  return (Math.max(r, g, b) + Math.min(r, g, b)) / 2 / 255;
};
const paintOf = (style: StyleSpecification, id: string) => style.layers.find((l) => l.id === id)!.paint as Record<string, unknown>;

describe('the dark basemap', () => {
  it('reads the colours styles are written with', () => {
    expect(parseColor('#fbfaf6')).toEqual([251, 250, 246, 1]);
    expect(parseColor('#abc')).toEqual([170, 187, 204, 1]);
    expect(parseColor('rgba(255,255,255,0.9)')).toEqual([255, 255, 255, 0.9]);
    expect(parseColor('hsl(0, 0%, 100%)')).toEqual([255, 255, 255, 1]);
    expect(parseColor('name')).toBeNull();
  });

  it('keeps the light style in light mode and picks its dark twin in dark mode', () => {
    const light = offlineStyle(urls);
    expect(styleForScheme(light, 'light')).toBe(light);
    const dark = styleForScheme(light, 'dark');
    expect(dark.name).toBe('chelian-offline-dark');
    expect(dark.sources).toEqual(light.sources);
    expect(dark.layers.map((l) => l.id)).toEqual(light.layers.map((l) => l.id));
  });

  it('turns the shipped basemap dark: dark land and sea, borders above them, light labels on dark halos', () => {
    const dark = darkStyle(offlineStyle(urls));
    const land = lightness(paintOf(dark, 'china-land')['fill-color'] as string);
    const sea = lightness(paintOf(dark, 'sea')['background-color'] as string);
    const border = paintOf(dark, 'province-border');
    const label = paintOf(dark, 'city-label');
    expect(land).toBeLessThan(0.15);
    expect(sea).toBeLessThan(0.2);
    expect(lightness(border['line-color'] as string)).toBeGreaterThan(land);
    // an expression's numbers stay as they were
    expect(border['line-width']).toEqual(['interpolate', ['linear'], ['zoom'], 3, 0.6, 8, 1.6]);
    expect(lightness(label['text-color'] as string)).toBeGreaterThan(0.6);
    expect(label['text-halo-color']).toMatch(/^rgba\(\d+,\d+,\d+,0\.9\)$/);
    expect(lightness(label['text-halo-color'] as string)).toBeLessThan(0.15);
  });

  it('keeps white roads lighter than the land and their casings in a street style, colours inside expressions too', () => {
    const street: StyleSpecification = {
      version: 8,
      name: 'chelian-street',
      sources: {},
      layers: [
        { id: 'land', type: 'background', paint: { 'background-color': '#f2efe9' } },
        {
          id: 'road',
          type: 'line',
          source: 's',
          paint: { 'line-color': ['match', ['get', 'class'], 'primary', '#fcd6a4', '#ffffff'] },
        },
        { id: 'road-casing', type: 'line', source: 's', paint: { 'line-color': '#d9d3c9' } },
      ],
    } as StyleSpecification;
    const dark = darkStyle(street);
    const [, , , primary, minor] = paintOf(dark, 'road')['line-color'] as string[];
    expect((paintOf(dark, 'road')['line-color'] as unknown[])[2]).toBe('primary');
    const land = lightness(paintOf(dark, 'land')['background-color'] as string);
    expect(lightness(minor!)).toBeGreaterThan(land);
    expect(lightness(primary!)).toBeGreaterThan(land);
    // a road's casing stays darker than the road
    expect(lightness(paintOf(dark, 'road-casing')['line-color'] as string)).toBeLessThan(lightness(minor!));
  });

  it('dims online raster tiles, which cannot be recoloured', () => {
    const dark = darkStyle(rasterStyle(['https://tile.example.com/{z}/{x}/{y}.png']));
    expect(paintOf(dark, 'tiles')).toEqual(DARK_RASTER_PAINT);
    expect(lightness(paintOf(dark, 'sea')['background-color'] as string)).toBeLessThan(0.2);
  });

  it('leaves what is not a colour alone', () => {
    expect(darkColor('not-a-colour', 'area')).toBe('not-a-colour');
  });
});
