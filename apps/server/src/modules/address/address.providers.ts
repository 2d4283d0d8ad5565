import { formatAddress, loadReverseGeocoder } from '@chelian/geo';

/** A WGS-84 point, as positions are stored. */
export interface AddressPoint {
  lon: number;
  lat: number;
}

/**
 * Turns points into address text. One answer per point, in order; '' where the provider has no
 * address for it. A transport failure throws (the service then falls back to the offline data).
 */
export interface AddressProvider {
  readonly name: string;
  /** At most this many points per lookup call (the service splits larger batches). */
  readonly batchSize: number;
  lookup(points: AddressPoint[]): Promise<string[]>;
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
