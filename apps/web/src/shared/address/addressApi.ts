import { addressEndpoints } from '@chelian/contracts';
import { call } from '../request/call.ts';
import { AddressCache, type AddressQuery, type AddressRequestItem } from './addressCache.ts';

/** The app's one address cache over getGeo.json (spec §7): failures are shown inline, never toasted. */
export const addresses = new AddressCache((items: AddressRequestItem[]) =>
  call(addressEndpoints.getGeo, { lonAndLatToAddressVOS: items }, { silent: true }),
);

let queue: Array<{ point: AddressQuery; resolve: (text: string) => void }> = [];
let timer: ReturnType<typeof setTimeout> | null = null;

/**
 * One address, gathered with the others asked for in the same moment (table rows scrolling
 * into view), so the cache sends them together in batches of 50.
 */
export function requestAddress(point: AddressQuery): Promise<string> {
  const hit = addresses.cached(point);
  if (hit) return Promise.resolve(hit);
  return new Promise((resolve) => {
    queue.push({ point, resolve });
    timer ??= setTimeout(() => {
      const batch = queue;
      queue = [];
      timer = null;
      void addresses.resolve(batch.map((b) => b.point)).then((texts) => batch.forEach((b, i) => b.resolve(texts[i])));
    }, 30);
  });
}
