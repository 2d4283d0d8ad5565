import { describe, expect, it } from 'vitest';
import { TileCache } from './streetMap.tileCache.ts';

describe('street map tile cache', () => {
  it('keeps tiles and absences up to its byte budget, dropping the least recently used first', () => {
    const cache = new TileCache(3 * (1000 + 64 + 8));
    const tile = (n: number) => Buffer.alloc(1000, n);
    cache.set('b/14/1/1', tile(1));
    cache.set('b/14/1/2', tile(2));
    cache.set('b/14/1/3', null); // a tile the build does not have: remembered too
    expect(cache.get('b/14/1/3')).toBeNull();
    expect(cache.get('b/14/1/1')?.[0]).toBe(1); // now the most recently used
    cache.set('b/14/1/4', tile(4));
    expect(cache.get('b/14/1/2')).toBeUndefined(); // the least recently used went
    expect(cache.get('b/14/1/1')?.[0]).toBe(1);
    expect(cache.get('b/14/1/4')?.[0]).toBe(4);
    expect(cache.usedBytes).toBeLessThanOrEqual(3 * (1000 + 64 + 8));
  });

  it('replaces an entry without counting it twice', () => {
    const cache = new TileCache(10_000);
    cache.set('k', Buffer.alloc(500));
    cache.set('k', Buffer.alloc(700));
    expect(cache.size).toBe(1);
    expect(cache.usedBytes).toBe(700 + 2 + 64);
  });
});
