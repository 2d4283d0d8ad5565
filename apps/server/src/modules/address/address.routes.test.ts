import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../testing/testServer.ts';
import { MAX_ADDRESS_POINTS } from '@chelian/contracts';

let t: TestServer;
let admin: string;
beforeAll(async () => {
  t = await createTestServer();
  admin = await t.login();
});
afterAll(() => t?.close());

const URL = '/car/v4/api/address/baidu/getGeo.json';
const getGeo = (body: unknown, sessionId: string | null = admin) =>
  t.call(sessionId, { method: 'POST', url: URL, payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

describe('POST /car/v4/api/address/baidu/getGeo.json', () => {
  it('answers each WGS-84 point with its Chinese address, matched by index', async () => {
    const res = await getGeo({
      lonAndLatToAddressVOS: [
        { lon: 114.0579, lat: 22.5431, mac: '013800138000', index: 7 },
        { lon: 116.4074, lat: 39.9042, mac: '013800138000', index: 8 },
        { lon: 139.6917, lat: 35.6895, mac: '868120123456789', index: 9 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ flag: 1 });
    expect(body.obj).toEqual([
      { address: '广东省深圳市', index: 7 },
      { address: expect.stringMatching(/^北京市.+区$/), index: 8 },
      { address: '日本', index: 9 },
    ]);
  });

  it('gives 获取位置失败 for a point in no region, never an invented address', async () => {
    const body = (
      await getGeo({
        lonAndLatToAddressVOS: [
          { lon: 125.5, lat: 27.5, mac: 'x', index: 0 },
          { lon: 0, lat: 0, mac: 'x', index: 1 },
        ],
      })
    ).json();
    expect(body.obj).toEqual([
      { address: '获取位置失败', index: 0 },
      { address: '获取位置失败', index: 1 },
    ]);
  });

  it('accepts numbers sent as text and numbers the answers by position when index is missing', async () => {
    const body = (await getGeo({ lonAndLatToAddressVOS: [{ lon: '121.4737', lat: '31.2304', mac: 1 }] })).json();
    expect(body.obj).toEqual([{ address: expect.stringMatching(/^上海市/), index: 0 }]);
  });

  it('answers an empty list with an empty list', async () => {
    expect((await getGeo({ lonAndLatToAddressVOS: [] })).json().obj).toEqual([]);
  });

  it('refuses more than the batch limit, and a missing session', async () => {
    const many = Array.from({ length: MAX_ADDRESS_POINTS + 1 }, (_, i) => ({ lon: 114, lat: 22.6, mac: 'm', index: i }));
    const res = await getGeo({ lonAndLatToAddressVOS: many });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('lonAndLatToAddressVOS');
    expect((await getGeo({ lonAndLatToAddressVOS: [] }, null)).json()).toMatchObject({ flag: 4010 });
  });

  // Its speed is measured by bench/getgeo.bench.ts, never asserted here.
  it('answers a whole batch of 50, one address per index', async () => {
    const points = Array.from({ length: 50 }, (_, i) => ({ lon: 113 + i * 0.05, lat: 23 + i * 0.02, mac: `m${i}`, index: i }));
    const res = await getGeo({ lonAndLatToAddressVOS: points });
    const obj = res.json().obj as Array<{ index: number; address: string }>;
    expect(obj.map((a) => a.index)).toEqual(points.map((p) => p.index));
    expect(obj.every((a) => a.address.length > 0)).toBe(true);
  });
});
