import { describe, expect, it, vi } from 'vitest';
import { TrendCache } from './trendCache.ts';

describe('trend cache', () => {
  it('reuses a read within its time, reads again after it, per key', async () => {
    const cache = new TrendCache<number>(60_000);
    const load = vi.fn(async () => load.mock.calls.length);
    expect(await cache.get('a', 0, load)).toBe(1);
    expect(await cache.get('a', 59_999, load)).toBe(1);
    expect(await cache.get('b', 1, load)).toBe(2);
    expect(await cache.get('a', 60_000, load)).toBe(3);
  });

  it('keeps no failed read and drops the oldest past its size', async () => {
    const cache = new TrendCache<number>(60_000, 2);
    await expect(cache.get('a', 0, () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('a', 1, async () => 7)).toBe(7);
    await cache.get('b', 1, async () => 8);
    await cache.get('c', 1, async () => 9);
    expect(await cache.get('a', 2, async () => 10)).toBe(10);
  });
});
