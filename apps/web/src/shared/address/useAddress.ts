import { useEffect, useState } from 'react';
import { addresses } from './addressApi.ts';
import type { AddressQuery } from './addressCache.ts';

/** The address of one point ('' while loading); re-asked when the point moves. */
export function useAddress(point: AddressQuery | null | undefined): string {
  const [text, setText] = useState('');
  const lon = point?.lon;
  const lat = point?.lat;
  const mac = point?.mac ?? '';
  useEffect(() => {
    if (lon === undefined || lat === undefined) return setText('');
    const query = { lon, lat, mac };
    const hit = addresses.cached(query);
    if (hit) return setText(hit);
    let alive = true;
    setText('');
    void addresses.resolve([query]).then(([address]) => alive && setText(address));
    return () => {
      alive = false;
    };
  }, [lon, lat, mac]);
  return text;
}
