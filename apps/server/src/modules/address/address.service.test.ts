import { describe, expect, it } from 'vitest';
import type { AddressProvider } from './address.providers.ts';
import { AddressService } from './address.service.ts';
import { streetProvider, type Fetcher } from './address.street.ts';

const SHENZHEN = { lon: 114.0579, lat: 22.5431 };
const SEA = { lon: 125.5, lat: 27.5 };

function stubProvider(answer: (p: { lon: number; lat: number }) => string | Error): AddressProvider & { calls: number } {
  const p = {
    name: 'stub',
    batchSize: 2,
    calls: 0,
    async lookup(points: Array<{ lon: number; lat: number }>) {
      p.calls++;
      return points.map((point) => {
        const a = answer(point);
        if (a instanceof Error) throw a;
        return a;
      });
    },
  };
  return p;
}

describe('AddressService', () => {
  it('uses the offline boundaries by default and gives null where no region is', async () => {
    const service = AddressService.fromConfig({ provider: 'offline', key: '' });
    expect(service.provider.name).toBe('offline');
    expect(await service.resolve([SHENZHEN, SEA, { lon: Number.NaN, lat: 1 }, { lon: 500, lat: 1 }])).toEqual([
      '广东省深圳市',
      null,
      null,
      null,
    ]);
  });

  it('falls back to offline without a key, and for an unknown provider', () => {
    expect(AddressService.fromConfig({ provider: 'amap', key: '' }).provider.name).toBe('offline');
    expect(AddressService.fromConfig({ provider: 'nope', key: 'k' }).provider.name).toBe('offline');
  });

  it('asks a street provider in its batch size, caches answers, and falls back per point', async () => {
    const stub = stubProvider((p) => (p.lon === SHENZHEN.lon ? '广东省深圳市福田区深南大道1号' : ''));
    const service = new AddressService(stub);
    const first = await service.resolve([SHENZHEN, { lon: 114.1, lat: 22.6 }, SEA]);
    expect(first[0]).toBe('广东省深圳市福田区深南大道1号');
    expect(first[1]).toBe('广东省深圳市'); // the provider had nothing: offline answered
    expect(first[2]).toBeNull();
    expect(stub.calls).toBe(2);
    await service.resolve([SHENZHEN]);
    expect(stub.calls).toBe(2); // cached
  });

  it('keeps answering from the offline data when the provider fails', async () => {
    const service = new AddressService(stubProvider(() => new Error('quota')));
    expect(await service.resolve([SHENZHEN])).toEqual(['广东省深圳市']);
  });

  it('builds the AMap request in GCJ-02 and reads its batch answer', async () => {
    let asked = '';
    const fetcher: Fetcher = async (url) => {
      asked = url;
      return {
        ok: true,
        json: async () => ({ status: '1', regeocodes: [{ formatted_address: '广东省深圳市福田区' }, { formatted_address: [] }] }),
      };
    };
    const amap = streetProvider('amap', 'KEY', fetcher)!;
    expect(await amap.lookup([SHENZHEN, SHENZHEN])).toEqual(['广东省深圳市福田区', '']);
    expect(asked).toContain('key=KEY');
    const [lon] = /location=([\d.]+),/.exec(asked)!.slice(1).map(Number);
    expect(lon).not.toBeCloseTo(SHENZHEN.lon, 4); // shifted into GCJ-02
  });
});
