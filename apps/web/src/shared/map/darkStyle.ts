import type { StyleSpecification } from 'maplibre-gl';

/** light: the basemap as its style draws it; dark: the same map dimmed for a dark page (docs/maps.md). */
export type MapScheme = 'light' | 'dark';

type Rgba = [number, number, number, number];
type Hsla = [number, number, number, number];

const NAMED: Record<string, Rgba> = { white: [255, 255, 255, 1], black: [0, 0, 0, 1], transparent: [0, 0, 0, 0] };

/** A CSS colour as MapLibre styles write them (#rgb, #rrggbb, #rrggbbaa, rgb(a), hsl(a), a few names); null for anything else. */
export function parseColor(text: string): Rgba | null {
  const s = text.trim().toLowerCase();
  if (NAMED[s]) return NAMED[s];
  let m = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(s);
  if (m) {
    const h = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
    const n = (i: number) => parseInt(h.slice(i, i + 2), 16);
    return [n(0), n(2), n(4), h.length === 8 ? n(6) / 255 : 1];
  }
  m = /^rgba?\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)\s*(?:,\s*([\d.]+)\s*)?\)$/.exec(s);
  if (m) return [Number(m[1]), Number(m[2]), Number(m[3]), m[4] === undefined ? 1 : Number(m[4])];
  m = /^hsla?\(\s*([\d.]+)\s*,\s*([\d.]+)%\s*,\s*([\d.]+)%\s*(?:,\s*([\d.]+)\s*)?\)$/.exec(s);
  if (m) return hslToRgb([Number(m[1]), Number(m[2]) / 100, Number(m[3]) / 100, m[4] === undefined ? 1 : Number(m[4])]);
  return null;
}

function rgbToHsl([r, g, b, a]: Rgba): Hsla {
  const [R, G, B] = [r / 255, g / 255, b / 255];
  const max = Math.max(R, G, B);
  const min = Math.min(R, G, B);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l, a];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === R ? (G - B) / d + (G < B ? 6 : 0) : max === G ? (B - R) / d + 2 : (R - G) / d + 4;
  return [h * 60, s, l, a];
}

function hslToRgb([h, s, l, a]: Hsla): Rgba {
  const k = (n: number) => (n + h / 30) % 12;
  const f = (n: number) => l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255), a];
}

const css = ([r, g, b, a]: Rgba) => (a === 1 ? `rgb(${r},${g},${b})` : `rgba(${r},${g},${b},${Math.round(a * 1000) / 1000})`);

/**
 * How each kind of paint turns dark, saturation muted. Areas and labels are inverted into a band:
 * land and water near-black (light land darkest, water a shade lighter), labels light, halos dark.
 * Lines are compressed without inverting, above the land: white roads stay the lightest and keep
 * their darker casings, borders stay visible.
 */
const BANDS = {
  area: (l: number) => 0.08 + (1 - l) * 0.3,
  line: (l: number) => 0.12 + l * 0.23,
  text: (l: number) => 0.92 - l * 0.45,
  halo: () => 0.09,
} as const;
type Band = keyof typeof BANDS;

export function darkColor(text: string, band: Band): string {
  const rgba = parseColor(text);
  if (!rgba) return text;
  const [h, s, l, a] = rgbToHsl(rgba);
  return css(hslToRgb([h, s * (band === 'text' ? 0.4 : 0.55), BANDS[band](l), a]));
}

/** Every colour inside a paint value, expressions and zoom stops included; other strings (names, keys) untouched. */
function mapColors(value: unknown, band: Band): unknown {
  if (typeof value === 'string') return darkColor(value, band);
  if (Array.isArray(value)) return value.map((v) => mapColors(v, band));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapColors(v, band)]));
  return value;
}

const PAINT_BANDS: Record<string, Band> = {
  'background-color': 'area',
  'fill-color': 'area',
  'fill-outline-color': 'line',
  'fill-extrusion-color': 'area',
  'line-color': 'line',
  'text-color': 'text',
  'text-halo-color': 'halo',
  'icon-halo-color': 'halo',
};

/** Raster tiles (online providers' pictures) cannot be recoloured: they are dimmed and muted instead. */
export const DARK_RASTER_PAINT = { 'raster-brightness-max': 0.62, 'raster-saturation': -0.35, 'raster-contrast': 0.08 } as const;

/**
 * The dark twin of a basemap style: the shipped basemap, the offline street map's style or any
 * vector style (colours mapped by kind of paint), raster tiles dimmed. Sources, layout and the
 * layers' order stay as they were; the name gains "-dark" (browser tests read it).
 */
export function darkStyle(style: StyleSpecification): StyleSpecification {
  return {
    ...style,
    name: `${style.name ?? 'basemap'}-dark`,
    layers: style.layers.map((layer) => {
      if (layer.type === 'raster') return { ...layer, paint: { ...layer.paint, ...DARK_RASTER_PAINT } };
      if (!('paint' in layer) || !layer.paint) return layer;
      const paint = Object.fromEntries(Object.entries(layer.paint).map(([k, v]) => [k, PAINT_BANDS[k] ? mapColors(v, PAINT_BANDS[k]) : v]));
      return { ...layer, paint } as typeof layer;
    }),
  };
}

/** The style for a scheme: itself in light, its dark twin in dark. */
export const styleForScheme = (style: StyleSpecification, scheme: MapScheme) => (scheme === 'dark' ? darkStyle(style) : style);
