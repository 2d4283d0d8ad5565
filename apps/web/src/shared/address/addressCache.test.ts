import { describe, expect, it } from 'vitest';
import { ADDRESS_FAILED, AddressCache, addressKey, addressText, type AddressRequestItem } from './addressCache.ts';

const point = (i: number, mac = 'T1') => ({ lon: 114 + i / 1000, lat: 22.5, mac });

function recorder(answer: (item: AddressRequestItem) => string = (it) => `地址${it.lon}`) {
  const calls: AddressRequestItem[][] = [];
  const fetch = async (items: AddressRequestItem[]) => {
    calls.push(items);
    return items.map((it) => ({ address: answer(it), index: it.index }));
  };
  return { calls, fetch };
}

describe('address cache', () => {
  it('asks in batches of 50 and answers in the order asked', async () => {
    const r = recorder();
    const cache = new AddressCache(r.fetch);
    const points = Array.from({ length: 120 }, (_, i) => point(i));
    const texts = await cache.resolve(points);
    expect(r.calls.map((c) => c.length)).toEqual([50, 50, 20]);
    expect(r.calls[1][0].index).toBe(0); // each batch numbers its own points
    expect(texts[119]).toBe(`地址${points[119].lon}`);
  });

  it('keys by longitude, latitude and mac, and asks only for what it lacks', async () => {
    const r = recorder();
    const cache = new AddressCache(r.fetch);
    await cache.resolve([point(1), point(2)]);
    await cache.resolve([point(1), point(2), point(1, 'T2'), point(3)]);
    expect(r.calls[1].map((c) => addressKey(c))).toEqual([addressKey(point(1, 'T2')), addressKey(point(3))]);
    expect(addressKey(point(1))).toBe('114.001,22.5,T1');
  });

  it('clears the cache when it would grow over 1000 entries', async () => {
    const cache = new AddressCache(recorder().fetch);
    await cache.resolve(Array.from({ length: 1000 }, (_, i) => point(i)));
    expect(cache.size).toBe(1000);
    await cache.resolve([point(5000)]);
    expect(cache.size).toBe(1);
  });

  it('shows 获取位置失败 for failures and for empty-list text, and does not cache them', async () => {
    const r = recorder((it) => (it.index === 0 ? '[]' : it.index === 1 ? '' : '广东省深圳市'));
    const cache = new AddressCache(r.fetch);
    expect(await cache.resolve([point(1), point(2), point(3)])).toEqual([ADDRESS_FAILED, ADDRESS_FAILED, '广东省深圳市']);
    expect(cache.size).toBe(1);
    const failing = new AddressCache(async () => Promise.reject(new Error('网络异常')));
    expect(await failing.resolve([point(1)])).toEqual([ADDRESS_FAILED]);
    const missing = new AddressCache(async () => []);
    expect(await missing.resolve([point(1)])).toEqual([ADDRESS_FAILED]);
  });

  it('asks once for a point asked twice at the same time', async () => {
    const r = recorder();
    const cache = new AddressCache(r.fetch);
    const [a, b] = await Promise.all([cache.resolve([point(1)]), cache.resolve([point(1), point(1)])]);
    expect(a).toEqual(b.slice(0, 1));
    expect(r.calls.flat()).toHaveLength(1);
  });

  it('reads every non-text answer as a failure', () => {
    expect(addressText(undefined)).toBe(ADDRESS_FAILED);
    expect(addressText(' [] ')).toBe(ADDRESS_FAILED);
    expect(addressText('北京市东城区')).toBe('北京市东城区');
  });
});
