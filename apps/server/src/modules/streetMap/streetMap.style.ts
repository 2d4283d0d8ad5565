/**
 * The MapLibre style of the imported street map (layers of tilemaker/config.json). Text is drawn
 * by the browser from its own fonts: the style names no glyphs URL, and MapView's
 * localIdeographFontFamily draws CJK locally (as the shipped offline basemap does:
 * apps/web/src/shared/map/basemapStyle.ts, whose font list this repeats), so nothing is downloaded.
 */
const FONT = ['Microsoft YaHei', 'PingFang SC', 'WenQuanYi Micro Hei', 'Noto Sans CJK SC', 'sans-serif'];
const SOURCE = 'street';

type Layer = Record<string, unknown>;

/** A road class's width by zoom: [zoom, px] stops, exponential like the eye expects. */
const width = (...stops: number[]) => ['interpolate', ['exponential', 1.6], ['zoom'], ...stops];

const ROADS: Array<{ cls: string[]; color: string; casing: string; min: number; width: unknown }> = [
  { cls: ['path'], color: '#ffffff', casing: '#d9d3c9', min: 14, width: width(14, 1, 18, 4) },
  { cls: ['service'], color: '#ffffff', casing: '#d9d3c9', min: 13, width: width(13, 1, 18, 8) },
  { cls: ['minor'], color: '#ffffff', casing: '#d3ccc0', min: 12, width: width(12, 1, 14, 3, 18, 16) },
  { cls: ['tertiary'], color: '#ffffff', casing: '#cfc6b6', min: 10, width: width(10, 1, 14, 5, 18, 22) },
  { cls: ['secondary'], color: '#fdf3c8', casing: '#d8c27d', min: 8, width: width(8, 1, 14, 6, 18, 26) },
  { cls: ['primary'], color: '#fde5a6', casing: '#d7a94e', min: 7, width: width(7, 1, 14, 7, 18, 30) },
  { cls: ['motorway', 'trunk'], color: '#f9c58f', casing: '#d18a4c', min: 5, width: width(5, 1, 14, 8, 18, 34) },
];

const text = (size: unknown, extra: Record<string, unknown> = {}) => ({
  'text-font': FONT,
  'text-size': size,
  'text-field': ['get', 'name'],
  ...extra,
});
const halo = (color: string) => ({ 'text-color': color, 'text-halo-color': 'rgba(255,255,255,0.95)', 'text-halo-width': 1.4 });

export function streetStyle(tileUrl: string): Record<string, unknown> {
  const layers: Layer[] = [
    { id: 'street-land', type: 'background', paint: { 'background-color': '#f5f3ef' } },
    { id: 'street-green', type: 'fill', source: SOURCE, 'source-layer': 'green', paint: { 'fill-color': '#d6ebc6' } },
    { id: 'street-water', type: 'fill', source: SOURCE, 'source-layer': 'water', paint: { 'fill-color': '#a9d2e8' } },
    {
      id: 'street-waterway',
      type: 'line',
      source: SOURCE,
      'source-layer': 'waterway',
      paint: { 'line-color': '#a9d2e8', 'line-width': width(8, 0.5, 14, 2, 18, 6) },
    },
    {
      id: 'street-building',
      type: 'fill',
      source: SOURCE,
      'source-layer': 'building',
      minzoom: 14,
      paint: { 'fill-color': '#e3ded5', 'fill-outline-color': '#d2cbbf' },
    },
    {
      id: 'street-boundary',
      type: 'line',
      source: SOURCE,
      'source-layer': 'boundary',
      paint: {
        'line-color': '#a79fb8',
        'line-dasharray': [3, 2],
        'line-width': ['case', ['<=', ['get', 'admin_level'], 4], 1.6, ['<=', ['get', 'admin_level'], 6], 1.1, 0.7],
      },
    },
    ...ROADS.map((r) => ({
      id: `street-road-casing-${r.cls[0]}`,
      type: 'line',
      source: SOURCE,
      'source-layer': 'road',
      minzoom: Math.max(r.min, 11),
      filter: ['in', ['get', 'class'], ['literal', r.cls]],
      layout: { 'line-cap': 'round', 'line-join': 'round' },
      paint: { 'line-color': r.casing, 'line-gap-width': r.width, 'line-width': 1 },
    })),
    ...ROADS.map((r) => ({
      id: `street-road-${r.cls[0]}`,
      type: 'line',
      source: SOURCE,
      'source-layer': 'road',
      minzoom: r.min,
      filter: ['in', ['get', 'class'], ['literal', r.cls]],
      layout: { 'line-cap': 'round', 'line-join': 'round' },
      paint: { 'line-color': r.color, 'line-width': r.width },
    })),
    {
      id: 'street-road-name',
      type: 'symbol',
      source: SOURCE,
      'source-layer': 'road',
      minzoom: 10,
      filter: ['has', 'name'],
      layout: { ...text(['interpolate', ['linear'], ['zoom'], 10, 10, 16, 13]), 'symbol-placement': 'line', 'text-max-angle': 30 },
      paint: halo('#4a4a4a'),
    },
    {
      id: 'street-housenumber',
      type: 'symbol',
      source: SOURCE,
      'source-layer': 'housenumber',
      minzoom: 17,
      layout: { ...text(10), 'text-field': ['get', 'housenumber'] },
      paint: halo('#8b8378'),
    },
    {
      id: 'street-poi-dot',
      type: 'circle',
      source: SOURCE,
      'source-layer': 'poi',
      minzoom: 14,
      paint: { 'circle-radius': 3, 'circle-color': '#7c8fa6', 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 1 },
    },
    {
      id: 'street-poi',
      type: 'symbol',
      source: SOURCE,
      'source-layer': 'poi',
      minzoom: 14,
      layout: { ...text(11, { 'text-anchor': 'top', 'text-offset': [0, 0.5], 'text-max-width': 8 }) },
      paint: halo('#56657a'),
    },
    {
      id: 'street-place',
      type: 'symbol',
      source: SOURCE,
      'source-layer': 'place',
      layout: text(['match', ['get', 'class'], 'city', 15, 'town', 13, 'district', 13, 'county', 13, 12], { 'text-max-width': 8 }),
      paint: halo('#3d434c'),
    },
  ];
  return {
    version: 8,
    name: 'chelian-street',
    sources: { [SOURCE]: { type: 'vector', tiles: [tileUrl], minzoom: 2, maxzoom: 14, attribution: '© OpenStreetMap 贡献者' } },
    layers,
  };
}
