// The map's boundaries ship with the project (packages/geo/data/basemap, decoded at build time
// from echarts 4.9.0's China data by packages/geo/scripts/build-regions.ts): WGS-84 like the
// positions, so nothing is converted. Fetched only when a map is first drawn; the car map uses the
// same files, so the browser often has them already.
import provincesUrl from '../../../../../packages/geo/data/basemap/china-provinces.geojson?url';
import citiesUrl from '../../../../../packages/geo/data/basemap/china-cities.geojson?url';
import { loadECharts } from '../../shared/charts/EChart.tsx';

interface Feature {
  type: 'Feature';
  properties: { name: string; province?: string; adcode?: string };
  geometry: { type: 'Polygon' | 'MultiPolygon'; coordinates: number[][][] | number[][][][] };
}
interface Collection {
  type: 'FeatureCollection';
  features: Feature[];
}

export const CHINA_MAP = 'chelian-china';
export const provinceMapName = (province: string) => `chelian-${province}`;

let provinces: Promise<Collection> | null = null;
let cities: Promise<Collection> | null = null;
const registered = new Map<string, Promise<string>>();

const fetchJson = (url: string) =>
  fetch(url).then((r) => {
    if (!r.ok) throw new Error(`${url}: ${r.status}`);
    return r.json() as Promise<Collection>;
  });

/** Registers (once) and names the map of China by province, or of one province by city. */
export function loadMap(province: string | null): Promise<string> {
  const name = province ? provinceMapName(province) : CHINA_MAP;
  let done = registered.get(name);
  if (!done) {
    done = (async () => {
      const { echarts } = await loadECharts();
      const data = province
        ? {
            type: 'FeatureCollection' as const,
            features: (await (cities ??= fetchJson(citiesUrl))).features.filter((f) => f.properties.province === province),
          }
        : await (provinces ??= fetchJson(provincesUrl));
      echarts.registerMap(name, data as unknown as Parameters<typeof echarts.registerMap>[1]);
      return name;
    })();
    done.catch(() => registered.delete(name));
    registered.set(name, done);
  }
  return done;
}

/** The centre of an area's largest ring's bounding box (for the 大屏's glowing dots). */
export async function areaCentres(province: string | null): Promise<Map<string, [number, number]>> {
  const data = province ? await (cities ??= fetchJson(citiesUrl)) : await (provinces ??= fetchJson(provincesUrl));
  const out = new Map<string, [number, number]>();
  for (const f of data.features) {
    if (province && f.properties.province !== province) continue;
    const rings =
      f.geometry.type === 'Polygon'
        ? [(f.geometry.coordinates as number[][][])[0]]
        : (f.geometry.coordinates as number[][][][]).map((p) => p[0]);
    const largest = rings.reduce((a, b) => (b.length > a.length ? b : a));
    let [w, s, e, n] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const [x, y] of largest) {
      w = Math.min(w, x);
      e = Math.max(e, x);
      s = Math.min(s, y);
      n = Math.max(n, y);
    }
    out.set(f.properties.name, [(w + e) / 2, (s + n) / 2]);
  }
  return out;
}

/** Every city centre of China, keyed "province/area", for dots on the whole-country map. */
export async function allAreaCentres(): Promise<Map<string, [number, number]>> {
  const data = await (cities ??= fetchJson(citiesUrl));
  const out = new Map<string, [number, number]>();
  const byProvince = new Set(data.features.map((f) => f.properties.province ?? ''));
  for (const p of byProvince) for (const [area, c] of await areaCentres(p)) out.set(`${p}/${area}`, c);
  return out;
}
