import { useEffect, useMemo, useRef, useState } from 'react';
import { debounce } from '../utils/timing.ts';
import { filterKey } from './listLoader.ts';

/**
 * A list's filters once they stop changing for `waitMs` (words typed in a search box), so the list
 * loads once for the words, not for every key. Compared by value, like the loaders' filters: an
 * object literal per render does not restart the wait. The first value is settled at once.
 */
export function useSettled<T>(value: T, waitMs: number): T {
  const [settled, setSettled] = useState(value);
  const latest = useRef(value);
  latest.current = value;
  const settle = useMemo(() => debounce(() => setSettled(latest.current), waitMs), [waitMs]);
  useEffect(() => settle.cancel, [settle]);
  const key = filterKey(value);
  const settledKey = filterKey(settled);
  useEffect(() => {
    // back to what was settled (typed and erased): nothing to wait for
    if (key === settledKey) settle.cancel();
    else settle();
  }, [settle, key, settledKey]);
  return settled;
}
