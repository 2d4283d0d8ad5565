import { useCallback, useRef, useSyncExternalStore } from 'react';
import { useFleet } from './FleetProvider.tsx';
import type { FleetStore } from './fleetStore.ts';

type Changed = ReadonlySet<number> | 'all';

/**
 * The slice of the fleet a view shows: `select` is re-read at most once a second (the fleet
 * ticker's pace, together for every view) and the component re-renders only when the slice
 * differs by `equal`. `relevant` skips ticks that cannot touch it (say, other vehicles).
 */
export function useFleetValue<T>(
  select: (store: FleetStore) => T,
  equal: (a: T, b: T) => boolean = Object.is,
  relevant?: (changed: Changed) => boolean,
): T {
  const { store, ticker } = useFleet();
  const latest = useRef({ relevant });
  latest.current.relevant = relevant;
  const last = useRef<{ value: T } | null>(null);
  const subscribe = useCallback(
    (notify: () => void) => ticker.subscribe((changed) => (latest.current.relevant?.(changed) ?? true) && notify()),
    [ticker],
  );
  const snapshot = () => {
    const next = select(store);
    if (last.current && equal(last.current.value, next)) return last.current.value;
    last.current = { value: next };
    return next;
  };
  return useSyncExternalStore(subscribe, snapshot);
}

/** Ticks that touch this vehicle (or replace the whole fleet). */
export const touches = (vehicleId: number | null) => (changed: Changed) =>
  changed === 'all' || (vehicleId !== null && changed.has(vehicleId));

/** Ticks that replace the fleet's vehicles (not just their positions). */
export const rosterChanged = (changed: Changed) => changed === 'all';
