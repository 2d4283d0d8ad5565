import { formatAddress, loadReverseGeocoder } from '@chelian/geo';

/** A WGS-84 point, as positions are stored. */
export interface AddressPoint {
  lon: number;
  lat: number;
}

/**
 * Turns points into address text. One answer per point, in order; '' where the provider has no
 * address for it. A transport failure throws (the service then falls back to the offline data);
 * a provider that can tell why throws an AddressProviderError.
 */
export interface AddressProvider {
  readonly name: string;
  /** At most this many points per lookup call (the service splits larger batches). */
  readonly batchSize: number;
  lookup(points: AddressPoint[]): Promise<string[]>;
}

/** Why a provider refused: 测试 in 地图设置 says it in Chinese (modules/mapSettings/providerProbe.ts). */
export type ProviderFailureReason = 'invalidKey' | 'quota' | 'network' | 'answer';

export class AddressProviderError extends Error {
  constructor(
    readonly reason: ProviderFailureReason,
    /** the provider's own words (its code and message), never the key */
    readonly detail: string,
  ) {
    super(`${reason}: ${detail}`);
  }
}

/** Province and city from the shipped boundaries (packages/geo); no network, no key. */
export function offlineProvider(): AddressProvider {
  return {
    name: 'offline',
    batchSize: 10_000,
    async lookup(points) {
      const geocoder = await loadReverseGeocoder();
      return points.map((p) => formatAddress(geocoder.lookup(p.lon, p.lat)));
    },
  };
}
