import { wgs84ToBd09, wgs84ToGcj02 } from '@chelian/geo';
import type { AddressPoint, AddressProvider } from './address.providers.ts';

/** fetch, injectable so tests run without the network. */
export type Fetcher = (url: string, init?: { signal?: AbortSignal }) => Promise<{ ok: boolean; json(): Promise<unknown> }>;

const TIMEOUT_MS = 3000;

async function getJson(fetcher: Fetcher, url: string): Promise<Record<string, unknown>> {
  const res = await fetcher(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!res.ok) throw new Error(`address provider HTTP failure: ${url.split('?')[0]}`);
  return (await res.json()) as Record<string, unknown>;
}

const fixed = (n: number) => n.toFixed(6);

/** AMap 高德 regeo: GCJ-02 in, up to 20 points per call (batch=true). */
function amap(key: string, fetcher: Fetcher): AddressProvider {
  return {
    name: 'amap',
    batchSize: 20,
    async lookup(points) {
      const locations = points.map((p) => wgs84ToGcj02(p.lon, p.lat).map(fixed).join(',')).join('|');
      const body = await getJson(
        fetcher,
        `https://restapi.amap.com/v3/geocode/regeo?key=${encodeURIComponent(key)}&batch=true&location=${locations}`,
      );
      if (body.status !== '1') throw new Error(`amap: ${String(body.info ?? 'failed')}`);
      const list = (body.regeocodes as Array<{ formatted_address?: unknown }> | undefined) ?? [];
      return points.map((_, i) => (typeof list[i]?.formatted_address === 'string' ? (list[i].formatted_address as string) : ''));
    },
  };
}

/** Baidu reverse geocoding v3: one point per call; BD-09 is computed here rather than trusting coordtype. */
function baidu(key: string, fetcher: Fetcher): AddressProvider {
  return {
    name: 'baidu',
    batchSize: 1,
    async lookup(points) {
      return Promise.all(
        points.map(async (p) => {
          const [lon, lat] = wgs84ToBd09(p.lon, p.lat);
          const body = await getJson(
            fetcher,
            `https://api.map.baidu.com/reverse_geocoding/v3/?ak=${encodeURIComponent(key)}&output=json&coordtype=bd09ll&location=${fixed(lat)},${fixed(lon)}`,
          );
          if (body.status !== 0) throw new Error(`baidu: ${String(body.message ?? body.status)}`);
          const result = body.result as { formatted_address?: unknown } | undefined;
          return typeof result?.formatted_address === 'string' ? result.formatted_address : '';
        }),
      );
    },
  };
}

/** Tianditu 天地图 geocoder: CGCS2000 (≈ WGS-84), one point per call. */
function tianditu(key: string, fetcher: Fetcher): AddressProvider {
  return {
    name: 'tianditu',
    batchSize: 1,
    async lookup(points) {
      return Promise.all(
        points.map(async (p) => {
          const postStr = encodeURIComponent(JSON.stringify({ lon: Number(fixed(p.lon)), lat: Number(fixed(p.lat)), ver: 1 }));
          const body = await getJson(
            fetcher,
            `https://api.tianditu.gov.cn/geocoder?postStr=${postStr}&type=geocode&tk=${encodeURIComponent(key)}`,
          );
          if (body.status !== '0') throw new Error(`tianditu: ${String(body.msg ?? body.status)}`);
          const result = body.result as { formatted_address?: unknown } | undefined;
          return typeof result?.formatted_address === 'string' ? result.formatted_address : '';
        }),
      );
    },
  };
}

export const STREET_PROVIDERS: Record<string, (key: string, fetcher: Fetcher) => AddressProvider> = { amap, baidu, tianditu };

export function streetProvider(name: string, key: string, fetcher: Fetcher = fetch as unknown as Fetcher): AddressProvider | null {
  const make = Object.hasOwn(STREET_PROVIDERS, name) ? STREET_PROVIDERS[name] : undefined;
  return make !== undefined && key ? make(key, fetcher) : null;
}

export type { AddressPoint };
