import { addresses } from './addressApi.ts';
import type { AddressQuery } from './addressCache.ts';
import { useLoaded } from '../list/useLoaded.ts';

/** The cache never rejects: a failed lookup reads 获取位置失败. */
const lookUp = (query: AddressQuery | null) => (query ? addresses.resolve([query]).then(([address]) => address) : Promise.resolve(''));

/** The address of one point ('' while loading); re-asked when the point moves, at once when it is cached. */
export function useAddress(point: AddressQuery | null | undefined): string {
  const query = point ? { lon: point.lon, lat: point.lat, mac: point.mac ?? '' } : null;
  const hit = query ? addresses.cached(query) : undefined;
  const asked = useLoaded(lookUp, query, { enabled: query !== null && !hit });
  if (!query) return '';
  if (hit) return hit;
  return asked.loading ? '' : (asked.data ?? '');
}
