import { MSG, type AddressAnswer } from '@chelian/contracts';

/** A point to look up: WGS-84 as stored, and the terminal (mac) it belongs to. */
export interface AddressQuery {
  lon: number;
  lat: number;
  mac: string;
}
export interface AddressRequestItem extends AddressQuery {
  index: number;
}
export type FetchAddresses = (items: AddressRequestItem[]) => Promise<AddressAnswer[]>;

/** Spec §9: batches of 50, the cache cleared when over 1000 entries, keyed by longitude, latitude and mac. */
export const ADDRESS_BATCH_SIZE = 50;
export const ADDRESS_CACHE_LIMIT = 1000;
export const ADDRESS_FAILED = MSG.addressFailed;

export const addressKey = (p: AddressQuery) => `${p.lon},${p.lat},${p.mac}`;

/** Spec §8: a failure, and an address that is empty-list text, show 获取位置失败. */
export function addressText(raw: unknown): string {
  if (typeof raw !== 'string') return ADDRESS_FAILED;
  const text = raw.trim();
  return text === '' || text === '[]' || text === 'null' ? ADDRESS_FAILED : text;
}

/**
 * Address lookups for the web: only points not cached are asked for, 50 per call, the same point
 * asked twice at once is one request. Failed lookups are shown as 获取位置失败 and not cached, so
 * a later look tries again.
 */
export class AddressCache {
  private readonly cache = new Map<string, string>();
  private readonly inFlight = new Map<string, Promise<string>>();

  constructor(
    private readonly fetchBatch: FetchAddresses,
    private readonly batchSize = ADDRESS_BATCH_SIZE,
    private readonly limit = ADDRESS_CACHE_LIMIT,
  ) {}

  get size(): number {
    return this.cache.size;
  }

  cached(p: AddressQuery): string | undefined {
    return this.cache.get(addressKey(p));
  }

  clear(): void {
    this.cache.clear();
  }

  /** Addresses in the order asked. Never rejects: failures read 获取位置失败. */
  async resolve(points: AddressQuery[]): Promise<string[]> {
    const waits = new Map<string, Promise<string>>();
    const missing: AddressQuery[] = [];
    for (const p of points) {
      const key = addressKey(p);
      if (waits.has(key) || this.cache.has(key)) continue;
      const flying = this.inFlight.get(key);
      if (flying) waits.set(key, flying);
      else {
        missing.push(p);
        waits.set(key, Promise.resolve(ADDRESS_FAILED)); // replaced below
      }
    }
    for (let start = 0; start < missing.length; start += this.batchSize) {
      const batch = missing.slice(start, start + this.batchSize);
      const request = this.ask(batch);
      batch.forEach((p, i) => {
        const key = addressKey(p);
        const one = request.then((texts) => texts[i]);
        this.inFlight.set(key, one);
        void one.finally(() => this.inFlight.get(key) === one && this.inFlight.delete(key));
        waits.set(key, one);
      });
    }
    const settled = new Map<string, string>();
    await Promise.all([...waits].map(async ([key, wait]) => settled.set(key, await wait)));
    return points.map((p) => this.cache.get(addressKey(p)) ?? settled.get(addressKey(p)) ?? ADDRESS_FAILED);
  }

  private async ask(batch: AddressQuery[]): Promise<string[]> {
    try {
      const answers = await this.fetchBatch(batch.map((p, index) => ({ ...p, index })));
      const byIndex = new Map((Array.isArray(answers) ? answers : []).map((a) => [Number(a?.index), a?.address]));
      return batch.map((p, i) => {
        const text = addressText(byIndex.get(i));
        if (text !== ADDRESS_FAILED) this.store(addressKey(p), text);
        return text;
      });
    } catch {
      return batch.map(() => ADDRESS_FAILED);
    }
  }

  private store(key: string, text: string) {
    if (this.cache.size >= this.limit) this.cache.clear();
    this.cache.set(key, text);
  }
}
