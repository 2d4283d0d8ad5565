import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { encodeJt808Location } from '@chelian/protocols/jt808/index.ts';
import { startGateway } from '../../gateway/gateway.ts';
import { ingestQueries } from '../../gateway/ingest.queries.ts';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { connectJt808 } from '../../testing/testTerminal.ts';
import { EXPORT_KINDS } from '../exports/exportKinds.ts';
import { ExportsService } from '../exports/exports.service.ts';

let t: TestServer;
let a: Tenant;
let b: Tenant;
const ids: Record<string, number> = {};
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** When each terminal was last heard from (and its last fix), relative to the start of the test. */
let now: number;
const silentFor: Record<string, number> = { 粤B20001: 2 * HOUR, 粤B20002: 3 * DAY, 粤B20003: 40 * DAY };
const place = (i: number) => ({ lat: 22.54 + i / 100, lon: 114.05 + i / 100 });

beforeAll(async () => {
  t = await createTestServer();
  a = await createTenant(t, { codes: 'all' });
  b = await createTenant(t, { codes: 'all' });
  const add = (who: Tenant, plate: string, terminalId: string) =>
    t
      .call(who.sessionId, { method: 'POST', url: '/car/v4/api/vehicle/add.json', ...form({ plate, terminalId, protocol: 'jt808' }) })
      .then((r) => r.json().obj.vehicleId as number);
  // Three that will fall silent, one never installed, one online now; and another tenant's vehicle.
  for (const [i, plate] of ['粤B20001', '粤B20002', '粤B20003', '粤B20004', '粤B20005'].entries())
    ids[plate] = await add(a, plate, `1382000000${i + 1}`);
  ids['粤C20009'] = await add(b, '粤C20009', '13820000009');
  await t.ctx.db.query(`UPDATE terminals SET assigned_at = '2026-01-01T00:00:00Z'`);

  // Each one that was ever seen reports its place once through the gateway, then hangs up.
  now = Date.now();
  const gw = await startGateway(t.ctx, { host: '127.0.0.1', ports: { jt808: 0 }, offlineAfterSeconds: 60 });
  for (const [i, phone, ago] of [
    [1, '013820000001', 2 * HOUR],
    [2, '013820000002', 3 * DAY],
    [3, '013820000003', 40 * DAY],
    [5, '013820000005', 0],
    [9, '013820000009', 10 * DAY],
  ] as const) {
    const terminal = await connectJt808(gw.ports.jt808!, phone);
    terminal.send(encodeJt808Location({ phone }, 1, { time: now - ago, ...place(i), valid: true, speedKmh: 0, course: 0, altitude: 0 }));
    await terminal.next();
    terminal.close();
  }
  await gw.close();
  // Time passes: the silent ones were last heard from when they sent their fix; the sweep's own statement marks them offline.
  await t.ctx.db.query(
    `UPDATE terminals SET last_seen_at = to_timestamp(x.at / 1000.0) FROM unnest($1::text[], $2::float8[]) x(key, at) WHERE identifier_key = x.key`,
    [
      ['13820000001', '13820000002', '13820000003', '13820000009'],
      [now - 2 * HOUR, now - 3 * DAY, now - 40 * DAY, now - 10 * DAY],
    ],
  );
  await ingestQueries.markSilentOffline(t.ctx.db, 60, null);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const report = (sid: string, extra = '') =>
  t.call(sid, { url: `/car/v1/accelerate/report/offline/offlineReport.json?pageSize=50${extra}` }).then((r) => r.json());
const plates = (res: { obj: { list: Array<{ plate: string }> } }) => res.obj.list.map((r) => r.plate);

describe('offline report', () => {
  it('lists the vehicles offline now, longest first, never-online last, with since when, how long and the last place', async () => {
    const res = await report(a.sessionId);
    expect(res.flag).toBe(1);
    expect(plates(res)).toEqual(['粤B20003', '粤B20002', '粤B20001', '粤B20004']);
    expect(res.obj.totals).toEqual({
      vehicles: 5,
      online: 1,
      offline: 3,
      neverOnline: 1,
      durations: { under1h: 0, under1d: 1, under7d: 1, under30d: 0, over30d: 1, never: 1 },
    });
    for (const [i, row] of res.obj.list.slice(0, 3).entries()) {
      const ago = silentFor[row.plate];
      expect(row).toMatchObject({
        neverOnline: false,
        offlineSince: now - ago,
        lastPositionAt: Math.floor((now - ago) / 1000) * 1000,
        ...place(3 - i),
      });
      expect(Math.abs(row.offlineSeconds - ago / 1000)).toBeLessThan(60); // measured at the query's now()
    }
    expect(res.obj.list[3]).toEqual({
      vehicleId: ids['粤B20004'],
      plate: '粤B20004',
      name: '粤B20004',
      groupName: '',
      accountName: expect.any(String),
      terminalId: '013820000004',
      neverOnline: true,
      offlineSince: null,
      offlineSeconds: null,
      lastPositionAt: null,
      lon: null,
      lat: null,
    });
  });

  it('filters by the shortest offline time and by kind; never-online vehicles are offline for ever', async () => {
    expect(plates(await report(a.sessionId, '&minHours=24'))).toEqual(['粤B20003', '粤B20002', '粤B20004']);
    expect(plates(await report(a.sessionId, '&minHours=720'))).toEqual(['粤B20003', '粤B20004']);
    expect(plates(await report(a.sessionId, '&minHours=1&kind=offline'))).toEqual(['粤B20003', '粤B20002', '粤B20001']);
    const never = await report(a.sessionId, '&kind=never');
    expect(plates(never)).toEqual(['粤B20004']);
    expect(never.obj.total).toBe(1);
    // The totals describe the whole fleet whatever the filter lists.
    expect(never.obj.totals.offline).toBe(3);
    expect((await report(a.sessionId, `&vehicleId=${ids['粤B20002']}`)).obj.totals).toMatchObject({ vehicles: 1, offline: 1, online: 0 });
  });

  it("keeps each tenant to its own vehicles, hides a previous owner's last place, and answers junk in Chinese", async () => {
    expect(plates(await report(b.sessionId))).toEqual(['粤C20009']);
    expect(await report(b.sessionId, `&vehicleId=${ids['粤B20001']}`)).toMatchObject({ flag: 0, msg: '车辆不存在或无权访问' });
    await t.ctx.db.query(`UPDATE terminals SET assigned_at = now() WHERE identifier_key = '13820000009'`);
    expect((await report(b.sessionId)).obj.list[0]).toMatchObject({
      plate: '粤C20009',
      lastPositionAt: null,
      lon: null,
      lat: null,
      offlineSince: now - 10 * DAY,
    });
    expect((await t.call(a.sessionId, { url: '/car/v1/accelerate/report/offline/offlineReport.json?minHours=-1' })).json().flag).toBe(0);
    expect((await t.call(a.sessionId, { url: '/car/v1/accelerate/report/offline/offlineReport.json?kind=gone' })).statusCode).toBe(400);
  });

  it("exports the same rows to Excel with the last place's address", async () => {
    const params = JSON.stringify({ minHours: '1' });
    const job = (
      await t.call(a.sessionId, {
        method: 'POST',
        url: '/car/v1/accelerate/export/exportDataReport.json',
        ...form({ reportType: 'offlineReport', params }),
      })
    ).json();
    expect(job.obj).toMatchObject({ name: '离线报表', status: 'queued' });
    const exports = new ExportsService(t.ctx, EXPORT_KINDS);
    while (await exports.runNext()) {
      /* drain */
    }
    const file = await t.call(a.sessionId, { url: `/car/v1/accelerate/export/download.json?id=${job.obj.id}` });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const rows = book.worksheets[0]
      .getSheetValues()
      .slice(1)
      .map((row) => (row as unknown[]).slice(1));
    expect(rows[0]).toEqual([
      '车牌号',
      '名称',
      '设备号',
      '分组',
      '所属账户',
      '状态',
      '离线时间',
      '离线时长',
      '最后定位时间',
      '经度',
      '纬度',
      '最后位置',
    ]);
    expect(rows.slice(1).map((r) => [r[0], r[5], r[7], r[9], r[10]])).toEqual([
      ['粤B20003', '离线', expect.stringMatching(/^40天0小时$/), place(3).lon, place(3).lat],
      ['粤B20002', '离线', expect.stringMatching(/^3天0小时$/), place(2).lon, place(2).lat],
      ['粤B20001', '离线', expect.stringMatching(/^2小时0分\d+秒$/), place(1).lon, place(1).lat],
      ['粤B20004', '从未上线', undefined, undefined, undefined], // empty cells
    ]);
    for (const r of rows.slice(1, 4)) expect(r[11]).toMatch(/^广东省深圳市/);
  });
});
