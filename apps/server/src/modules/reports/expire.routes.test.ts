import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { EXPORT_KINDS } from '../exports/exportKinds.ts';
import { ExportsService } from '../exports/exports.service.ts';

let t: TestServer;
let a: Tenant;
let b: Tenant;
const ids: Record<string, number> = {};
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let now: number;
/** Each terminal's service end, from the start of the test; null: no end date. */
const ends: Record<string, number | null> = {
  粤B30001: -(10 * DAY + HOUR),
  粤B30002: -2 * HOUR,
  粤B30003: 3 * DAY + HOUR,
  粤B30004: 20 * DAY + HOUR,
  粤B30005: 60 * DAY + HOUR,
  粤B30006: 200 * DAY,
  粤B30007: null,
};

beforeAll(async () => {
  t = await createTestServer();
  a = await createTenant(t, { codes: 'all' });
  b = await createTenant(t, { codes: 'all' });
  const add = (who: Tenant, plate: string, terminalId: string) =>
    t
      .call(who.sessionId, { method: 'POST', url: '/car/v4/api/vehicle/add.json', ...form({ plate, terminalId, protocol: 'jt808' }) })
      .then((r) => r.json().obj.vehicleId as number);
  for (const [i, plate] of Object.keys(ends).entries()) ids[plate] = await add(a, plate, `1383000000${i + 1}`);
  ids['粤C30009'] = await add(b, '粤C30009', '13830000009');
  now = Date.now();
  const keys = [...Object.keys(ends).map((_, i) => `1383000000${i + 1}`), '13830000009'];
  const at = [...Object.values(ends), -5 * DAY].map((ms) => (ms === null ? null : new Date(now + ms).toISOString()));
  await t.ctx.db.query(
    `UPDATE terminals SET service_expires_at = x.at::timestamptz FROM unnest($1::text[], $2::text[]) x(key, at) WHERE identifier_key = x.key`,
    [keys, at],
  );
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const report = (sid: string, extra = '') =>
  t.call(sid, { url: `/car/v1/accelerate/report/expire/expireReport.json?pageSize=50${extra}` }).then((r) => r.json());
const plates = (res: { obj: { list: Array<{ plate: string }> } }) => res.obj.list.map((r) => r.plate);

describe('expiry report', () => {
  it('lists the expired and those ending within 30 days, most overdue first, with the days left as 终端管理 counts them', async () => {
    const res = await report(a.sessionId);
    expect(res.flag).toBe(1);
    expect(plates(res)).toEqual(['粤B30001', '粤B30002', '粤B30003', '粤B30004']);
    expect(res.obj.totals).toEqual({ expired: 2, expiring: 2, within7: 1, within30: 2, within90: 3 });
    expect(res.obj.list.map((r: { daysLeft: number; expired: boolean }) => [r.daysLeft, r.expired])).toEqual([
      [-10, true],
      [0, true],
      [3, false],
      [20, false],
    ]);
    expect(res.obj.list[0]).toEqual({
      vehicleId: ids['粤B30001'],
      plate: '粤B30001',
      name: '粤B30001',
      groupName: '',
      accountName: expect.any(String),
      terminalId: '013830000001',
      serviceExpiresAt: now + ends['粤B30001']!,
      daysLeft: -10,
      expired: true,
      activatedAt: null,
      online: false,
    });
  });

  it('takes the window and the status', async () => {
    expect(plates(await report(a.sessionId, '&withinDays=90'))).toEqual(['粤B30001', '粤B30002', '粤B30003', '粤B30004', '粤B30005']);
    expect(plates(await report(a.sessionId, '&withinDays=7&status=expiring'))).toEqual(['粤B30003']);
    const expired = await report(a.sessionId, '&status=expired');
    expect(plates(expired)).toEqual(['粤B30001', '粤B30002']);
    expect(expired.obj.total).toBe(2);
    const page = await t.call(a.sessionId, {
      url: '/car/v1/accelerate/report/expire/expireReport.json?withinDays=90&pageSize=2&current=3',
    });
    expect(page.json().obj).toMatchObject({ total: 5, current: 3, list: [expect.objectContaining({ plate: '粤B30005' })] });
  });

  it('keeps each tenant to its own terminals and answers junk in Chinese', async () => {
    expect(plates(await report(b.sessionId))).toEqual(['粤C30009']);
    expect(await report(b.sessionId, `&vehicleId=${ids['粤B30001']}`)).toMatchObject({ flag: 0, msg: '车辆不存在或无权访问' });
    const bad = await t.call(a.sessionId, { url: '/car/v1/accelerate/report/expire/expireReport.json?status=soon' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/请求参数错误/);
  });

  it('exports the same rows to Excel', async () => {
    const params = JSON.stringify({ withinDays: '90' });
    const job = (
      await t.call(a.sessionId, {
        method: 'POST',
        url: '/car/v1/accelerate/export/exportDataReport.json',
        ...form({ reportType: 'expireReport', params }),
      })
    ).json();
    expect(job.obj).toMatchObject({ name: '到期报表', status: 'queued' });
    const refused = await t.call(a.sessionId, {
      method: 'POST',
      url: '/car/v1/accelerate/export/exportDataReport.json',
      ...form({ reportType: 'expireReport', params: '{"withinDays":"0"}' }),
    });
    expect(refused.json()).toMatchObject({ flag: 0, msg: '报表参数格式错误' });
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
    expect(rows[0]).toEqual(['车牌号', '名称', '设备号', '分组', '所属账户', '服务到期时间', '剩余', '激活时间', '当前状态']);
    expect(rows.slice(1).map((r) => [r[0], r[6]])).toEqual([
      ['粤B30001', '已过期 10 天'],
      ['粤B30002', '今天已到期'],
      ['粤B30003', '剩 3 天'],
      ['粤B30004', '剩 20 天'],
      ['粤B30005', '剩 60 天'],
    ]);
  });
});
