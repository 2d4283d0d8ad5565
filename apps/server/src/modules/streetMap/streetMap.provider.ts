import { formatAddress, loadReverseGeocoder } from '@chelian/geo';
import type { Db } from '../../db/types.ts';
import type { AddressProviderDefinition } from '../address/address.registry.ts';
import { StreetGeocoder, type StreetAnswer } from './streetGeocoder.ts';
import { activeBuild, loadBuild } from './streetMap.queries.ts';

/** The address provider "offline street": the address module's AddressProvider (address.providers.ts). */
export interface StreetAddressProvider {
  readonly name: 'offlineStreet';
  readonly batchSize: number;
  lookup(points: Array<{ lon: number; lat: number }>): Promise<string[]>;
}

/** How often a process asks which build is active (a new import is answered from within this). */
const CHECK_EVERY_MS = 5_000;

/**
 * The active build's geocoder, in memory, per process. It checks the active build at most every
 * few seconds; a new one is loaded while the old keeps answering, then replaces it.
 */
export class StreetGeocoderStore {
  private current: { buildId: number; geocoder: StreetGeocoder } | null = null;
  private checkedAt = -Infinity;
  private loading: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly checkEveryMs = CHECK_EVERY_MS,
  ) {}

  async geocoder(): Promise<StreetGeocoder | null> {
    if (Date.now() - this.checkedAt >= this.checkEveryMs) {
      const loading = this.refresh();
      if (!this.current) await loading; // nothing to answer with yet: wait for the first load
    }
    return this.current?.geocoder ?? null;
  }

  /** Loads the active build now if it changed (an import in this process calls it at once). */
  refresh(): Promise<void> {
    this.checkedAt = Date.now();
    this.loading ??= (async () => {
      const active = await activeBuild(this.db);
      if (!active) this.current = null;
      else if (active.id !== this.current?.buildId) {
        const rows = await loadBuild(this.db, active.id);
        this.current = { buildId: active.id, geocoder: new StreetGeocoder(rows.roads, rows.areas, rows.places) };
      }
    })().finally(() => (this.loading = null));
    return this.loading;
  }
}

export function offlineStreetProvider(store: StreetGeocoderStore): StreetAddressProvider {
  return {
    name: 'offlineStreet',
    batchSize: 10_000,
    async lookup(points) {
      const geocoder = await store.geocoder();
      if (!geocoder) return points.map(() => '');
      const regions = await loadReverseGeocoder();
      return points.map((p) => formatStreetAddress(formatAddress(regions.lookup(p.lon, p.lat)), geocoder.lookup(p.lon, p.lat)));
    },
  };
}

/** 号 after a plain house number ("8" → "8号"); a number written with its own unit stays as it is. */
const houseText = (n: string) => (/^\d+[a-zA-Z-]?$/.test(n) ? `${n}号` : n);

/**
 * "广东省深圳市南山区深南大道8号，距腾讯大厦东北约80米": the shipped province/city, the extract's
 * districts, the road (with the house number when it is on that road), the nearest named POI.
 * '' when the extract knows nothing of the point: the address module then answers from the
 * shipped boundaries alone.
 */
export function formatStreetAddress(prefix: string, a: StreetAnswer): string {
  if (a.areas.length === 0 && !a.road && !a.house && !a.poi) return '';
  let text = prefix;
  for (const name of a.areas) if (!text.includes(name)) text += name;
  const street = a.road?.name ?? a.house?.street ?? null;
  if (street) text += street;
  if (street && a.house && (!a.house.street || a.house.street === street)) text += houseText(a.house.number);
  if (a.poi) {
    const meters = Math.round(a.poi.meters / 10) * 10;
    text += meters < 10 ? `，${a.poi.name}附近` : `，距${a.poi.name}${a.poi.direction}约${meters}米`;
  }
  return text;
}

const stores = new WeakMap<Db, StreetGeocoderStore>();

/** The process's geocoder store for this database (one per database: tests open several). */
export function streetGeocoderStore(db: Db): StreetGeocoderStore {
  let store = stores.get(db);
  if (!store) stores.set(db, (store = new StreetGeocoderStore(db)));
  return store;
}

/** 地图设置's "offlineStreet" address provider (address.registry.ts): available once an import is active. */
export const offlineStreetDefinition: AddressProviderDefinition = {
  name: 'offlineStreet',
  label: '离线街道（导入的 OpenStreetMap 数据）',
  needsKey: false,
  available: async (ctx) => (await activeBuild(ctx.db)) !== null,
  create: (_key, ctx) => offlineStreetProvider(streetGeocoderStore(ctx.db)),
};
