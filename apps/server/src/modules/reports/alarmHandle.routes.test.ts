import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { beijingDayOf } from '@chelian/contracts/beijingTime.ts';
import { ingestQueries } from '../../gateway/ingest.queries.ts';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { EXPORT_KINDS } from '../exports/exportKinds.ts';
import { ExportsService } from '../exports/exports.service.ts';
import type { AlarmType } from '@chelian/protocols/alarms.ts';

let t: TestServer;
let a: Tenant;
let sub: Tenant;
let b: Tenant;
let vehicleId: number;
const MIN = 60_000;
/** Handling times are measured to the second: the test's own calls take a moment. */
const near = (seconds: number) => ({ asymmetricMatch: (v: number) => v >= seconds && v <= seconds + 10, toString: () => `≈${seconds}` });
let range: string;

/**
 * The sub-account's vehicle raises 8 alarms; its own operator (sub) and the parent account's (a)
 * handle 5 of them through processAlarm. One powerCut was raised 5 hours ago but uploaded an hour
 * ago (a blind area): its handling time counts from its arrival.
 */
const alarms: Array<{ type: AlarmType; raisedAgo: number; arrivedAgo?: number; by?: 'a' | 'sub' }> = [
  { type: 'sos', raisedAgo: 10 * MIN, by: 'a' },
  { type: 'sos', raisedAgo: 30 * MIN, by: 'sub' },
  { type: 'sos', raisedAgo: 5 * MIN },
  { type: 'overspeed', raisedAgo: 60 * MIN, by: 'a' },
  { type: 'overspeed', raisedAgo: 20 * MIN, by: 'a' },
  { type: 'overspeed', raisedAgo: 40 * MIN },
  { type: 'overspeed', raisedAgo: 50 * MIN },
  { type: 'powerCut', raisedAgo: 300 * MIN, arrivedAgo: 60 * MIN, by: 'sub' },
  // Before the range: never counted.
  { type: 'sos', raisedAgo: 3 * 24 * 60 * MIN, by: 'a' },
];

beforeAll(async () => {
  t = await createTestServer();
  a = await createTenant(t, { codes: 'all' });
  sub = await createTenant(t, { codes: 'all', parentAccountId: a.accountId });
  b = await createTenant(t, { codes: 'all' });
  vehicleId = (
    await t.call(sub.sessionId, {
      method: 'POST',
      url: '/car/v4/api/vehicle/add.json',
      ...form({ plate: '粤B40001', terminalId: '13840000001', protocol: 'jt808' }),
    })
  ).json().obj.vehicleId;
  const terminalPk = (await t.ctx.db.one<{ id: number }>(`SELECT id FROM terminals WHERE identifier_key = '13840000001'`))!.id;
  const now = Date.now();
  const stored = await ingestQueries.insertAlarms(
    t.ctx.db,
    alarms.map((x) => ({
      terminalPk,
      accountId: sub.accountId,
      vehicleId,
      type: x.type,
      alarmTime: now - x.raisedAgo,
      lat: 22.5,
      lon: 114.05,
      speed: 0,
    })),
  );
  // When each reached the platform (insertAlarms stamps now).
  for (const [i, x] of alarms.entries()) {
    await t.ctx.db.query('UPDATE alarms SET received_at = $2 WHERE id = $1', [stored[i], new Date(now - (x.arrivedAgo ?? x.raisedAgo))]);
  }
  const handleBy = (who: Tenant, id: number, note: string) =>
    t
      .call(who.sessionId, { method: 'POST', url: '/car/v1/api/monitor/processAlarm', ...form({ alarmIds: String(id), note }) })
      .then((r) => r.json());
  for (const [i, x] of alarms.entries())
    if (x.by) expect((await handleBy(x.by === 'a' ? a : sub, stored[i], '已处理')).obj).toEqual({ updated: 1 });
  // Handling again only changes the note: the first handler and time stay.
  await handleBy(sub, stored[0], '补充说明');
  range = `startDate=${beijingDayOf(now - 24 * 60 * MIN)}&endDate=${beijingDayOf(now)}`;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const report = (sid: string, extra = '') =>
  t.call(sid, { url: `/car/v1/accelerate/report/alarm/alarmHandleReport.json?${range}${extra}` }).then((r) => r.json());

describe('alarm handling statistics', () => {
  it('counts handled and unhandled per type, with the median and p90 time from arrival to the first handling', async () => {
    const res = await report(sub.sessionId);
    expect(res.flag).toBe(1);
    expect(res.obj.totals).toEqual({ total: 8, handled: 5, unhandled: 3, medianSeconds: near(1800), p90Seconds: near(3600) });
    expect(res.obj.byType).toEqual([
      // handled after 1200 s and 3600 s: median 2400, p90 1200 + 0.9 × 2400
      {
        type: 'overspeed',
        typeName: '终端超速报警',
        total: 4,
        handled: 2,
        unhandled: 2,
        medianSeconds: near(2400),
        p90Seconds: near(3360),
      },
      { type: 'sos', typeName: '紧急报警', total: 3, handled: 2, unhandled: 1, medianSeconds: near(1200), p90Seconds: near(1680) },
      { type: 'powerCut', typeName: '断电报警', total: 1, handled: 1, unhandled: 0, medianSeconds: near(3600), p90Seconds: near(3600) },
    ]);
  });

  it('counts per operator who handled first, a re-handling changing only the note', async () => {
    const res = await report(a.sessionId);
    expect(res.obj.byOperator).toEqual([
      // 600, 1200, 3600 s: p90 at 1.8 of the way → 1200 + 0.8 × 2400
      {
        userId: a.userId,
        operatorName: expect.stringMatching(/^用户/),
        total: 3,
        handled: 3,
        unhandled: 0,
        medianSeconds: near(1200),
        p90Seconds: near(3120),
      },
      {
        userId: sub.userId,
        operatorName: expect.stringMatching(/^用户/),
        total: 2,
        handled: 2,
        unhandled: 0,
        medianSeconds: near(2700),
        p90Seconds: near(3420),
      },
    ]);
    const list = (
      await t.call(a.sessionId, { url: `/car/v1/accelerate/report/alarm/alarmDetail.json?${range}&types=sos&pageSize=50` })
    ).json().obj.list;
    const first = list.find((x: { handleNote: string }) => x.handleNote === '补充说明');
    expect(first.handledBy).toBe(res.obj.byOperator[0].operatorName);
  });

  it('keeps each tenant to its own alarms and answers junk in Chinese', async () => {
    expect((await report(b.sessionId)).obj).toEqual({
      totals: { total: 0, handled: 0, unhandled: 0, medianSeconds: null, p90Seconds: null },
      byType: [],
      byOperator: [],
    });
    expect(await report(b.sessionId, `&vehicleId=${vehicleId}`)).toMatchObject({ flag: 0, msg: '车辆不存在或无权访问' });
    expect(
      (await t.call(a.sessionId, { url: '/car/v1/accelerate/report/alarm/alarmHandleReport.json?startDate=2026-13-01' })).json().msg,
    ).toBe('请求参数错误：startDate 日期格式应为 YYYY-MM-DD');
  });

  it('exports the figures to Excel', async () => {
    const job = (
      await t.call(sub.sessionId, {
        method: 'POST',
        url: '/car/v1/accelerate/export/exportDataReport.json',
        ...form({ reportType: 'alarmHandleReport', params: JSON.stringify(Object.fromEntries(new URLSearchParams(range))) }),
      })
    ).json();
    expect(job.obj).toMatchObject({ name: '报警处理统计', status: 'queued' });
    const exports = new ExportsService(t.ctx, EXPORT_KINDS);
    while (await exports.runNext()) {
      /* drain */
    }
    const file = await t.call(sub.sessionId, { url: `/car/v1/accelerate/export/download.json?id=${job.obj.id}` });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const rows = book.worksheets[0]
      .getSheetValues()
      .slice(1)
      .map((row) => (row as unknown[]).slice(1));
    expect(rows[0]).toEqual(['统计', '报警类型 / 处理人', '报警数', '已处理', '未处理', '处理率', '处理用时中位数', '处理用时P90']);
    expect(rows.slice(1).map((r) => r.slice(0, 6))).toEqual([
      ['按类型', '终端超速报警', 4, 2, 2, '50.00%'],
      ['按类型', '紧急报警', 3, 2, 1, '66.67%'],
      ['按类型', '断电报警', 1, 1, 0, '100.00%'],
      ['按处理人', expect.stringMatching(/^用户/), 3, 3, 0, '100.00%'],
      ['按处理人', expect.stringMatching(/^用户/), 2, 2, 0, '100.00%'],
      ['合计', '全部报警', 8, 5, 3, '62.50%'],
    ]);
    expect(rows[6][6]).toMatch(/^30分\d+秒$/);
  });
});
