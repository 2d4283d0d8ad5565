import { offlineProvider, type AddressPoint, type AddressProvider } from './address.providers.ts';
import { streetProvider, type Fetcher } from './address.street.ts';

/** How many street-level answers are kept (providers charge per call; vehicles park for hours). */
const STREET_CACHE_LIMIT = 50_000;

const valid = (p: AddressPoint) => Number.isFinite(p.lon) && Number.isFinite(p.lat) && Math.abs(p.lon) <= 180 && Math.abs(p.lat) <= 90;

/**
 * Address text for WGS-84 points: the configured street-level provider when one is set (with a
 * cache, and the offline data for whatever it cannot answer), otherwise the offline boundaries.
 * null means no address: the caller shows 获取位置失败, never an invented one.
 */
export class AddressService {
  private readonly cache = new Map<string, string>();

  constructor(
    readonly provider: AddressProvider,
    private readonly offline: AddressProvider = provider.name === 'offline' ? provider : offlineProvider(),
  ) {}

  static fromConfig(config: { provider: string; key: string }, fetcher?: Fetcher): AddressService {
    return new AddressService(streetProvider(config.provider, config.key, fetcher) ?? offlineProvider());
  }

  async resolve(points: AddressPoint[]): Promise<Array<string | null>> {
    const out: Array<string | null> = points.map(() => null);
    const wanted = points.map((p, i) => ({ p, i })).filter(({ p }) => valid(p));
    let missing = wanted;
    if (this.provider !== this.offline) missing = await this.fromStreet(wanted, out);
    if (missing.length > 0) {
      const texts = await this.offline.lookup(missing.map((m) => m.p));
      missing.forEach((m, k) => (out[m.i] = texts[k] || null));
    }
    return out;
  }

  /** Fills what the street provider answers; returns the points it could not. */
  private async fromStreet(wanted: Array<{ p: AddressPoint; i: number }>, out: Array<string | null>) {
    // one answer per ~10 m cell: a parked vehicle's jitter asks the provider once
    const key = (p: AddressPoint) => `${p.lon.toFixed(4)},${p.lat.toFixed(4)}`;
    const ask = wanted.filter(({ p, i }) => {
      const hit = this.cache.get(key(p));
      if (hit) out[i] = hit;
      return !hit;
    });
    const failed: typeof wanted = [];
    for (let start = 0; start < ask.length; start += this.provider.batchSize) {
      const chunk = ask.slice(start, start + this.provider.batchSize);
      try {
        const texts = await this.provider.lookup(chunk.map((c) => c.p));
        chunk.forEach((c, k) => {
          if (!texts[k]) return void failed.push(c);
          out[c.i] = texts[k];
          if (this.cache.size >= STREET_CACHE_LIMIT) this.cache.delete(this.cache.keys().next().value!);
          this.cache.set(key(c.p), texts[k]);
        });
      } catch {
        failed.push(...chunk); // provider down or over quota: the offline data still answers
      }
    }
    return failed;
  }
}
