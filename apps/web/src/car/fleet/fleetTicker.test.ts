import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FleetListener } from './fleetStore.ts';
import { FleetTicker } from './fleetTicker.ts';

/** A store stand-in whose flushes the test makes by hand. */
function fakeStore() {
  const listeners = new Set<FleetListener>();
  return {
    subscribe: (l: FleetListener) => (listeners.add(l), () => void listeners.delete(l)),
    flush: (changed: ReadonlySet<number> | 'all') => listeners.forEach((l) => l(changed)),
    get listening() {
      return listeners.size;
    },
  };
}

describe('fleet ticker', () => {
  beforeEach(() => vi.useFakeTimers({ now: 10_000 }));
  afterEach(() => vi.useRealTimers());

  it('announces the first change at once, then what gathered at most once per interval, to every listener together', () => {
    const store = fakeStore();
    const ticker = new FleetTicker(store, 1000);
    const a: Array<number[] | 'all'> = [];
    const b: Array<number[] | 'all'> = [];
    ticker.subscribe((c) => a.push(c === 'all' ? 'all' : [...c]));
    ticker.subscribe((c) => b.push(c === 'all' ? 'all' : [...c]));

    store.flush(new Set([1]));
    expect(a).toEqual([[1]]);
    vi.advanceTimersByTime(250);
    store.flush(new Set([2]));
    vi.advanceTimersByTime(250);
    store.flush(new Set([3, 2]));
    expect(a).toHaveLength(1);
    vi.advanceTimersByTime(500);
    expect(a).toEqual([[1], [2, 3]]);
    expect(b).toEqual(a);
  });

  it('folds a fleet replacement into "all"', () => {
    const store = fakeStore();
    const ticker = new FleetTicker(store, 1000);
    const seen: Array<number[] | 'all'> = [];
    ticker.subscribe((c) => seen.push(c === 'all' ? 'all' : [...c]));
    store.flush(new Set([1]));
    store.flush(new Set([2]));
    store.flush('all');
    store.flush(new Set([3]));
    vi.advanceTimersByTime(1000);
    expect(seen).toEqual([[1], 'all']);
  });

  it('lets go of the store when its last listener leaves', () => {
    const store = fakeStore();
    const ticker = new FleetTicker(store, 1000);
    const off1 = ticker.subscribe(() => undefined);
    const off2 = ticker.subscribe(() => undefined);
    expect(store.listening).toBe(1);
    off1();
    expect(store.listening).toBe(1);
    store.flush(new Set([1]));
    store.flush(new Set([2]));
    off2();
    expect(store.listening).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});
