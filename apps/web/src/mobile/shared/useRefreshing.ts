import { useEffect, useState } from 'react';

/** The detail is asked again this often besides the live feed (ends of modes, reports without a fix). */
const REFRESH_MS = 30_000;
/** The clock the pages' "how long ago" words follow. */
const TICK_MS = 10_000;

/**
 * An own-asset page's polling (宠物, 电单车): `refresh` every 30 s while `key` (the asset) stays (its
 * lists load by themselves when it is shown), and the current time, moved on every 10 s.
 */
export function useRefreshing(refresh: () => void, key: unknown): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(refresh, REFRESH_MS);
    const tick = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => (clearInterval(timer), clearInterval(tick));
  }, [key]); // eslint-disable-line react-hooks/exhaustive-deps
  return now;
}
