import { wgs84ToBd09, wgs84ToGcj02 } from '@chelian/geo';
import { AddressProviderError, type AddressPoint, type AddressProvider } from './address.providers.ts';

/** fetch, injectable so tests run without the network. */
export type Fetcher = (url: string, init?: { signal?: AbortSignal }) => Promise<{ ok: boolean; status?: number; json(): Promise<unknown> }>;

const TIMEOUT_MS = 3000;

/** The providers' public addresses (docs/maps.md cites each one's documentation); a test or an intranet proxy gives its own. */
export const PROVIDER_BASE_URLS = {
  amap: 'https://restapi.amap.com',
  baidu: 'https://api.map.baidu.com',
  tianditu: 'https://api.tianditu.gov.cn',
} as const;

async function getJson(fetcher: Fetcher, url: string): Promise<Record<string, unknown>> {
  let res: Awaited<ReturnType<Fetcher>>;
  try {
    res = await fetcher(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (e) {
    const timedOut = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');
    throw new AddressProviderError('network', timedOut ? `超时（${TIMEOUT_MS / 1000} 秒）` : String((e as Error).message ?? e));
  }
  if (!res.ok) {
    const status = res.status ?? 0;
    throw new AddressProviderError(status === 401 || status === 403 ? 'invalidKey' : status === 429 ? 'quota' : 'answer', `HTTP ${status}`);
  }
  try {
    return (await res.json()) as Record<string, unknown>;
  } catch {
    throw new AddressProviderError('answer', '应答不是 JSON');
  }
}

const fixed = (n: number) => n.toFixed(6);
const base = (url: string | undefined, fallback: string) => (url ?? fallback).replace(/\/+$/, '');

/** AMap infocodes (lbs.amap.com/api/webservice/guide/tools/info): key problems and quota problems. */
const AMAP_KEY_CODES = new Set(['10001', '10002', '10005', '10006', '10007', '10008', '10009', '10010', '10011', '10012', '10013']);
const AMAP_QUOTA_CODES = new Set(['10003', '10004', '10014', '10015', '10019', '10020', '10021', '10044', '10045']);

/** AMap 高德 regeo (restapi.amap.com/v3/geocode/regeo): GCJ-02 in, up to 20 points per call (batch=true). */
function amap(key: string, fetcher: Fetcher, baseUrl?: string): AddressProvider {
  const root = base(baseUrl, PROVIDER_BASE_URLS.amap);
  return {
    name: 'amap',
    batchSize: 20,
    async lookup(points) {
      const locations = points.map((p) => wgs84ToGcj02(p.lon, p.lat).map(fixed).join(',')).join('|');
      const body = await getJson(fetcher, `${root}/v3/geocode/regeo?key=${encodeURIComponent(key)}&batch=true&location=${locations}`);
      if (body.status !== '1') {
        const code = String(body.infocode ?? '');
        const detail = `${code} ${String(body.info ?? '')}`.trim();
        throw new AddressProviderError(AMAP_KEY_CODES.has(code) ? 'invalidKey' : AMAP_QUOTA_CODES.has(code) ? 'quota' : 'answer', detail);
      }
      const list = (body.regeocodes as Array<{ formatted_address?: unknown }> | undefined) ?? [];
      return points.map((_, i) => (typeof list[i]?.formatted_address === 'string' ? (list[i].formatted_address as string) : ''));
    },
  };
}

/** Baidu status codes (lbsyun.baidu.com/index.php?title=webapi/appendix): key/app problems and quota problems. */
const BAIDU_KEY_CODES = new Set([3, 5, 101, 200, 201, 202, 203, 210, 211, 220, 230, 240, 250, 251, 252]);
const BAIDU_QUOTA_CODES = new Set([4, 301, 302, 401, 402]);

/** Baidu reverse geocoding v3 (api.map.baidu.com/reverse_geocoding/v3): one point per call; BD-09 is computed here rather than trusting coordtype. */
function baidu(key: string, fetcher: Fetcher, baseUrl?: string): AddressProvider {
  const root = base(baseUrl, PROVIDER_BASE_URLS.baidu);
  return {
    name: 'baidu',
    batchSize: 1,
    async lookup(points) {
      return Promise.all(
        points.map(async (p) => {
          const [lon, lat] = wgs84ToBd09(p.lon, p.lat);
          const body = await getJson(
            fetcher,
            `${root}/reverse_geocoding/v3/?ak=${encodeURIComponent(key)}&output=json&coordtype=bd09ll&location=${fixed(lat)},${fixed(lon)}`,
          );
          if (body.status !== 0) {
            const code = Number(body.status);
            const detail = `${String(body.status)} ${String(body.message ?? body.msg ?? '')}`.trim();
            throw new AddressProviderError(
              BAIDU_KEY_CODES.has(code) ? 'invalidKey' : BAIDU_QUOTA_CODES.has(code) ? 'quota' : 'answer',
              detail,
            );
          }
          const result = body.result as { formatted_address?: unknown } | undefined;
          return typeof result?.formatted_address === 'string' ? result.formatted_address : '';
        }),
      );
    },
  };
}

/** Tianditu 天地图 geocoder (lbs.tianditu.gov.cn/server/geocoding.html): CGCS2000 (≈ WGS-84), one point per call. */
function tianditu(key: string, fetcher: Fetcher, baseUrl?: string): AddressProvider {
  const root = base(baseUrl, PROVIDER_BASE_URLS.tianditu);
  return {
    name: 'tianditu',
    batchSize: 1,
    async lookup(points) {
      return Promise.all(
        points.map(async (p) => {
          const postStr = encodeURIComponent(JSON.stringify({ lon: Number(fixed(p.lon)), lat: Number(fixed(p.lat)), ver: 1 }));
          const body = await getJson(fetcher, `${root}/geocoder?postStr=${postStr}&type=geocode&tk=${encodeURIComponent(key)}`);
          if (body.status !== '0') {
            const detail = `${String(body.status ?? '')} ${String(body.msg ?? '')}`.trim();
            // Tianditu names no codes for key failures: its message says 权限 / key / tk, or 超 / 限 for a quota.
            const reason = /key|tk|权限|非法|授权/i.test(detail) ? 'invalidKey' : /超|限|quota/i.test(detail) ? 'quota' : 'answer';
            throw new AddressProviderError(reason, detail);
          }
          const result = body.result as { formatted_address?: unknown } | undefined;
          return typeof result?.formatted_address === 'string' ? result.formatted_address : '';
        }),
      );
    },
  };
}

export const STREET_PROVIDERS: Record<'amap' | 'baidu' | 'tianditu', (key: string, fetcher: Fetcher, baseUrl?: string) => AddressProvider> =
  {
    amap,
    baidu,
    tianditu,
  };

export function streetProvider(
  name: string,
  key: string,
  fetcher: Fetcher = fetch as unknown as Fetcher,
  baseUrl?: string,
): AddressProvider | null {
  const make = Object.hasOwn(STREET_PROVIDERS, name) ? STREET_PROVIDERS[name as keyof typeof STREET_PROVIDERS] : undefined;
  return make !== undefined && key ? make(key, fetcher, baseUrl) : null;
}

export type { AddressPoint };
