import type { AppContext } from '../../context.ts';
import { mapSettingsStore } from '../mapSettings/mapSettings.store.ts';
import { offlineProvider } from './address.providers.ts';
import { createProvider, type ProviderContext } from './address.registry.ts';
import type { Fetcher } from './address.street.ts';
import { AddressService } from './address.service.ts';

const services = new WeakMap<object, { version: string; service: Promise<AddressService> }>();

/**
 * The address service every place that shows a position uses (getGeo, reports, exports, the
 * assistant): the provider 地图设置 names (the environment's until a save), made again when the
 * settings change — so switching provider starts with an empty cache.
 */
export async function currentAddressService(ctx: Pick<AppContext, 'db' | 'bus' | 'config'>): Promise<AddressService> {
  const settings = await mapSettingsStore(ctx).current();
  const version = `${settings.version}:${settings.address.provider}`;
  const held = services.get(ctx.db);
  if (held?.version === version) return held.service;
  const providerCtx: ProviderContext = { db: ctx.db, fetcher: fetch as unknown as Fetcher, baseUrls: ctx.config.mapProviderBaseUrls };
  const { provider, keys } = settings.address;
  const service = createProvider(provider, keys[provider] ?? '', providerCtx).then((p) => new AddressService(p ?? offlineProvider()));
  services.set(ctx.db, { version, service });
  return service;
}

/** For code that holds a resolver across a long run (an export): each call uses the settings of its moment. */
export function currentAddresses(ctx: Pick<AppContext, 'db' | 'bus' | 'config'>): Pick<AddressService, 'resolve'> {
  return { resolve: async (points) => (await currentAddressService(ctx)).resolve(points) };
}
