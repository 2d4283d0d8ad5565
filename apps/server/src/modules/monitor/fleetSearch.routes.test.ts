/**
 * 车队's search (掌上车联) on the server: the words found in a plate (spaces typed ignored), a vehicle's
 * name, a terminal number or a driver, among the caller's own fleet only; alarming first, then
 * online; 在线/离线 with the counts of both; paged; a terminal past its service left out; another
 * tenant searching the same words, or this tenant's plates, finds none of the other's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';

let t: TestServer;
let a: Tenant;
let b: Tenant;
const url = '/car/v4/api/monitor/fleetSearch.json';
const search = (sid: string, query: string) => t.call(sid, { url: `${url}?${query}` }).then((r) => r.json());
const ids = (res: { obj: { list: { terminalId: string }[] } }) => res.obj.list.map((p) => p.terminalId);

/** A vehicle with a latest position: online or not, alarming or not, its driver. */
async function vehicle(tenant: Tenant, v: { plate: string; terminal: string; driver?: string; online?: boolean; alarm?: boolean }) {
  const added = await t.call(tenant.sessionId, {
    method: 'POST',
    url: '/car/v4/api/vehicle/add.json',
    ...form({ plate: v.plate, terminalId: v.terminal, protocol: 'jt808' }),
  });
  expect(added.json().flag, added.body).toBe(1);
  await t.ctx.db.query(`UPDATE vehicles SET driver = $2 WHERE plate = $1`, [v.plate, v.driver ?? '']);
  await t.ctx.db.query(`UPDATE terminals SET online = $2 WHERE identifier = $1`, [v.terminal, v.online ?? false]);
  await t.ctx.db.query(
    `INSERT INTO latest_positions (terminal_id, gps_time, received_at, lat, lon, speed, course, valid, alarms)
     SELECT id, now(), now(), 23.1, 113.3, 30, 0, true, $2::text[] FROM terminals WHERE identifier = $1`,
    [v.terminal, v.alarm ? ['sos'] : []],
  );
}

beforeAll(async () => {
  t = await createTestServer();
  a = await createTenant(t, { codes: 'all' });
  b = await createTenant(t, { codes: 'all' });
  await vehicle(a, { plate: '粤B36F01', terminal: '013836000001', driver: '王师傅', online: true });
  await vehicle(a, { plate: '粤B36F02', terminal: '013836000002', online: false, alarm: true });
  await vehicle(a, { plate: '粤B36F03', terminal: '013836000003', online: true });
  await vehicle(a, { plate: '粤B36F04', terminal: '013836000004', online: true });
  await t.ctx.db.query(`UPDATE terminals SET service_expires_at = now() - interval '1 day' WHERE identifier = '013836000004'`);
  await vehicle(b, { plate: '粤B36F09', terminal: '013836000009', driver: '王师傅', online: true });
});
afterAll(async () => {
  await t?.close();
});

describe('车队 search', () => {
  it('finds plates (spaces ignored), alarming first, then online; counts online and offline; pages', async () => {
    const all = await search(a.sessionId, `keyword=${encodeURIComponent('粤B 36F')}&current=1&pageSize=2`);
    expect(all.flag, JSON.stringify(all)).toBe(1);
    expect(all.obj).toMatchObject({ total: 3, current: 1, pageSize: 2, online: 2, offline: 1 });
    expect(ids(all)).toEqual(['013836000002', '013836000001']);
    expect(ids(await search(a.sessionId, 'keyword=粤B36F&current=2&pageSize=2'))).toEqual(['013836000003']);
    const online = await search(a.sessionId, 'keyword=粤b36f&online=true');
    expect(online.obj).toMatchObject({ total: 2, online: 2, offline: 1 });
    expect(ids(online)).toEqual(['013836000001', '013836000003']);
    expect(ids(await search(a.sessionId, 'keyword=b36f02&online=false'))).toEqual(['013836000002']);
  });

  it('finds a terminal number and a driver; nothing for words nobody has, nor for a wildcard', async () => {
    expect(ids(await search(a.sessionId, 'keyword=6000003'))).toEqual(['013836000003']);
    const driver = await search(a.sessionId, 'keyword=王师傅');
    expect(ids(driver)).toEqual(['013836000001']);
    expect(driver.obj.list[0]).toMatchObject({ plate: '粤B36F01', online: true, lat: 23.1 });
    expect((await search(a.sessionId, 'keyword=沪Z')).obj).toMatchObject({ total: 0, list: [], online: 0, offline: 0 });
    expect((await search(a.sessionId, `keyword=${encodeURIComponent('%')}`)).obj.total).toBe(0);
  });

  it('another tenant finds none of these, by the same words or their plates and numbers', async () => {
    expect(ids(await search(b.sessionId, 'keyword=粤B36F'))).toEqual(['013836000009']);
    expect(ids(await search(b.sessionId, 'keyword=王师傅'))).toEqual(['013836000009']);
    for (const k of ['粤B36F01', '013836000002', '36F03'])
      expect((await search(b.sessionId, `keyword=${encodeURIComponent(k)}`)).obj).toMatchObject({ total: 0, list: [] });
    expect(ids(await search(a.sessionId, 'keyword=36F09'))).toEqual([]);
  });

  it('refuses words over 50 characters in Chinese', async () => {
    const res = await search(a.sessionId, `keyword=${'1'.repeat(51)}`);
    expect(res.flag).toBe(0);
    expect(res.msg).toMatch(/[\u4e00-\u9fa5]/);
  });
});
