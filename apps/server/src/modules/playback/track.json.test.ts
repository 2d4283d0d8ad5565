import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { ingestQueries, type StoredPosition } from '../../gateway/ingest.queries.ts';
import { DAY_MS } from '@chelian/contracts/beijingTime.ts';

let t: TestServer;
let admin: string;
let a: Tenant;
let b: Tenant;
beforeAll(async () => {
  t = await createTestServer();
  admin = await t.login();
  a = await createTenant(t, { codes: 'all' });
  b = await createTenant(t, { codes: 'all' });
  await t.call(a.sessionId, {
    method: 'POST',
    url: '/car/v4/api/vehicle/add.json',
    ...form({ plate: '粤B70001', terminalId: '13870000001', protocol: 'jt808' }),
  });
});
afterAll(() => t?.close());

const get = (sid: string, url: string) => t.call(sid, { url }).then((r) => r.json());
const T0 = Date.UTC(2026, 4, 1, 0, 0, 0);

describe('track.json', () => {
  it('streams a long track in order, across read windows, without retransmitted duplicates', async () => {
    const terminal = (await t.ctx.db.one<{ id: number }>(`SELECT id FROM terminals WHERE identifier = '013870000001'`))!;
    const rows: StoredPosition[] = [];
    const start = Date.UTC(2026, 4, 2, 0, 0, 0);
    for (let i = 0; i < 12_000; i++) {
      rows.push({
        terminalPk: terminal.id,
        gpsTime: start + i * 5000,
        receivedAt: Date.now(),
        lat: 22 + i / 1e5,
        lon: 113,
        speed: i % 80,
        course: i % 360,
        altitude: 0,
        valid: i % 1000 !== 7,
        satellites: 9,
        acc: true,
        mileage: null,
        alarms: [],
        extras: null,
      });
    }
    rows.push({ ...rows[5000] }); // a retransmission
    await ingestQueries.copyPositions(t.ctx.db, rows);

    const url = `/car/v4/api/monitor/track.json?terminalId=13870000001&start=${start}&end=${start + 12_000 * 5000}`;
    // The tenant got the terminal after these positions were made: they were not its to see.
    expect((await t.call(a.sessionId, { url })).json().obj.points).toEqual([]);
    expect((await t.call(admin, { url })).json().obj.points.length).toBeGreaterThan(0);
    await t.ctx.db.query(`UPDATE terminals SET assigned_at = '2026-01-01T00:00:00Z' WHERE id = $1`, [terminal.id]);
    const res = await t.call(a.sessionId, { url });
    expect(res.headers['content-type']).toContain('application/json');
    const body = res.json();
    expect(body).toMatchObject({ flag: 1, obj: { terminalId: '013870000001', plate: '粤B70001' } });
    const points = body.obj.points as Array<{ gpsTime: number; valid: boolean }>;
    expect(points).toHaveLength(12_000 - 12); // invalid fixes are left out by default
    expect(points.every((p, i) => i === 0 || p.gpsTime > points[i - 1].gpsTime)).toBe(true);
    expect(points[0]).toMatchObject({ gpsTime: start, lat: 22, lon: 113, speed: 0, direction: 0, valid: true });
    const withInvalid = (await t.call(a.sessionId, { url: `${url}&includeInvalid=true` })).json();
    expect(withInvalid.obj.points).toHaveLength(12_000);

    const byVehicle = (await get(a.sessionId, '/car/v4/api/vehicle/list.json')).obj.list[0].vehicleId;
    const oneHour = (
      await t.call(a.sessionId, {
        url: `/car/v4/api/monitor/track.json?vehicleId=${byVehicle}&start=2026-05-02 08:00:00&end=2026-05-02 09:00:00`,
      })
    ).json();
    expect(oneHour.obj.points).toHaveLength(720); // Beijing 08:00-09:00 = the first UTC hour, one point per 5 s
  });

  it('refuses foreign terminals, bad ranges and junk in Chinese', async () => {
    const foreign = await get(b.sessionId, `/car/v4/api/monitor/track.json?terminalId=13870000001&start=${T0}&end=${T0 + 1000}`);
    expect(foreign).toMatchObject({ flag: 0, msg: '设备不存在或无权访问' });
    expect(
      await get(a.sessionId, `/car/v4/api/monitor/track.json?terminalId=13870000001&start=${T0}&end=${T0 + 40 * DAY_MS}`),
    ).toMatchObject({ flag: 0, errorCode: 'playback.rangeTooLong', msg: '查询时间范围不能超过31天' });
    expect(await get(a.sessionId, `/car/v4/api/monitor/track.json?terminalId=13870000001&start=${T0}&end=${T0 - 1}`)).toMatchObject({
      flag: 0,
      errorCode: 'playback.endBeforeStart',
      msg: '结束时间必须晚于开始时间',
    });
    const junk = await t.call(a.sessionId, { url: '/car/v4/api/monitor/track.json?terminalId=1&start=yesterday&end=now' });
    expect(junk.statusCode).toBe(400);
    expect(junk.json().msg).toContain('时间格式');
  });
});
