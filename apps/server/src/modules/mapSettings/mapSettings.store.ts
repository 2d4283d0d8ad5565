import type { AddressProviderName, BasemapKind, CoordSystem } from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import { platformSecretBox } from '../../core/secretBox.ts';
import { mapSettingsQueries, type StoredMapSettings } from './mapSettings.queries.ts';

/** Published when 地图设置 is saved: every process drops what it cached (tiles relay, addresses). */
export const MAP_SETTINGS_CHANGED = 'mapSettings.changed';

/** What applies now, keys opened. Only the server sees this; presenters decide what leaves it. */
export interface EffectiveMapSettings {
  /** changes on every save ('env' while nothing is saved) */
  version: string;
  source: 'env' | 'saved';
  basemap: { kind: BasemapKind; url: string; coordSystem: CoordSystem; keys: Partial<Record<string, string>> };
  address: { provider: AddressProviderName; keys: Partial<Record<string, string>> };
  updated: number;
  updatedBy: string;
}

/** A saved value is trusted for this long even if a change notice was lost on the bus. */
const MAX_AGE_MS = 30_000;

type Ctx = Pick<AppContext, 'db' | 'bus' | 'config'>;

/** The environment's defaults: TILE_URL / TILE_COORD_SYSTEM and ADDRESS_PROVIDER / ADDRESS_PROVIDER_KEY. */
export function envMapSettings(config: Ctx['config']): EffectiveMapSettings {
  const tileUrl = config.runtime.tileUrl;
  const provider = (['amap', 'tianditu', 'baidu'] as const).find((p) => p === config.address.provider) ?? 'offline';
  return {
    version: 'env',
    source: 'env',
    basemap: tileUrl
      ? { kind: 'custom', url: tileUrl, coordSystem: config.runtime.tileCoordSystem, keys: {} }
      : { kind: 'offline', url: '', coordSystem: 'wgs84', keys: {} },
    address: { provider, keys: provider === 'offline' ? {} : { [provider]: config.address.key } },
    updated: 0,
    updatedBy: '',
  };
}

/** Opens every sealed key; one that does not open (another secret key) reads as unset. */
function opened(ctx: Ctx, keys: Partial<Record<string, string>>): Partial<Record<string, string>> {
  const box = platformSecretBox(ctx.config);
  const out: Partial<Record<string, string>> = {};
  for (const [name, sealed] of Object.entries(keys)) {
    const plain = sealed ? box.open(sealed) : null;
    if (plain) out[name] = plain;
  }
  return out;
}

/**
 * The map settings of one process: read once, kept until a save (here or, over the bus, in
 * another process) says otherwise. Everything that draws or resolves asks here.
 */
export class MapSettingsStore {
  private cached: { value: EffectiveMapSettings; at: number } | null = null;
  private loading: Promise<EffectiveMapSettings> | null = null;
  private readonly listeners = new Set<(s: EffectiveMapSettings) => void>();

  constructor(private readonly ctx: Ctx) {
    ctx.bus.subscribe(MAP_SETTINGS_CHANGED, () => {
      this.cached = null;
      void this.current().then((s) => this.listeners.forEach((l) => l(s)));
    });
  }

  /** Called with the new settings after every change this process hears of. */
  onChange(listener: (s: EffectiveMapSettings) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async current(): Promise<EffectiveMapSettings> {
    if (this.cached && Date.now() - this.cached.at < MAX_AGE_MS) return this.cached.value;
    this.loading ??= this.load().finally(() => (this.loading = null));
    return this.loading;
  }

  /** The stored row as it is (keys sealed), for a save to merge into. */
  stored() {
    return mapSettingsQueries.read(this.ctx.db);
  }

  async save(value: StoredMapSettings): Promise<EffectiveMapSettings> {
    await mapSettingsQueries.write(this.ctx.db, value);
    this.cached = null;
    this.ctx.bus.publish(MAP_SETTINGS_CHANGED, {});
    return this.current();
  }

  private async load(): Promise<EffectiveMapSettings> {
    const row = await mapSettingsQueries.read(this.ctx.db);
    const value: EffectiveMapSettings = row
      ? {
          version: String(row.updated_at.getTime()),
          source: 'saved',
          basemap: { ...row.value.basemap, keys: opened(this.ctx, row.value.basemap.keys) },
          address: { ...row.value.address, keys: opened(this.ctx, row.value.address.keys) },
          updated: row.updated_at.getTime(),
          updatedBy: row.value.updatedBy,
        }
      : envMapSettings(this.ctx.config);
    this.cached = { value, at: Date.now() };
    return value;
  }
}

const stores = new WeakMap<object, MapSettingsStore>();

/** This process's store (one per context: tests run several servers in one process). */
export function mapSettingsStore(ctx: Ctx): MapSettingsStore {
  let store = stores.get(ctx.db);
  if (!store) stores.set(ctx.db, (store = new MapSettingsStore(ctx)));
  return store;
}
