import type { AddressProviderName } from '@chelian/contracts';
import type { Db } from '../../db/types.ts';
import { offlineProvider, type AddressProvider } from './address.providers.ts';
import { STREET_PROVIDERS, type Fetcher } from './address.street.ts';
import { offlineStreetDefinition } from '../streetMap/streetMap.provider.ts';

/** What a provider is made with: storage (the offline street geocoder reads its tables), the network, and where each online provider answers. */
export interface ProviderContext {
  db: Db;
  fetcher: Fetcher;
  /** Overrides of the providers' public addresses (tests' stand-ins, an intranet proxy): e.g. { amap: 'http://127.0.0.1:9001' }. */
  baseUrls: Partial<Record<AddressProviderName, string>>;
}

/**
 * One address provider as 地图设置 offers it (docs/maps.md, "Provider registry"). The address
 * module asks the registry for the provider the settings name; nothing else knows the providers.
 */
export interface AddressProviderDefinition {
  name: AddressProviderName;
  /** in Chinese, for the settings page and its messages */
  label: string;
  /** an online provider needs a key; the offline ones none */
  needsKey: boolean;
  /** Whether it can answer on this platform now (the offline street geocoder: once an import has completed). */
  available(ctx: ProviderContext): Promise<boolean>;
  /** The provider for this key, or null when it cannot run (no key). */
  create(key: string, ctx: ProviderContext): AddressProvider | null;
}

const online = (name: 'amap' | 'tianditu' | 'baidu', label: string): AddressProviderDefinition => ({
  name,
  label,
  needsKey: true,
  available: async () => true,
  create: (key, ctx) => (key ? STREET_PROVIDERS[name](key, ctx.fetcher, ctx.baseUrls[name]) : null),
});

/** Every provider, by the name settings store; offlineStreet is the geocoder `npm run map:import` builds. */
export const ADDRESS_PROVIDERS: Partial<Record<AddressProviderName, AddressProviderDefinition>> = {
  offline: { name: 'offline', label: '离线（省市）', needsKey: false, available: async () => true, create: () => offlineProvider() },
  offlineStreet: offlineStreetDefinition,
  amap: online('amap', '高德'),
  tianditu: online('tianditu', '天地图'),
  baidu: online('baidu', '百度'),
};

export function providerDefinition(name: string): AddressProviderDefinition | undefined {
  return Object.hasOwn(ADDRESS_PROVIDERS, name) ? ADDRESS_PROVIDERS[name as AddressProviderName] : undefined;
}

/** The names that can be chosen now, in the settings page's order. */
export async function availableProviders(ctx: ProviderContext): Promise<AddressProviderName[]> {
  const out: AddressProviderName[] = [];
  for (const def of Object.values(ADDRESS_PROVIDERS)) if (def && (await def.available(ctx).catch(() => false))) out.push(def.name);
  return out;
}

/** The provider the settings name, or null (unknown, unavailable or without its key: the caller uses the offline one). */
export async function createProvider(name: string, key: string, ctx: ProviderContext): Promise<AddressProvider | null> {
  const def = providerDefinition(name);
  if (!def || !(await def.available(ctx).catch(() => false))) return null;
  return def.create(key, ctx);
}
