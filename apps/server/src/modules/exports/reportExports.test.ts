import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { EXPORT_ERRORS, REPORT_EXPORT_TYPES } from '@chelian/contracts';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { EXPORT_KINDS } from './exportKinds.ts';
import { ExportsService } from './exports.service.ts';

// Every report's Excel file both ways: at once when small (here: at most 4 rows), through the
// download centre's queue when larger — written in parts (here of 2 KB) and sent back part by part.
let t: TestServer;
let a: Tenant;
let exports: ExportsService;
const plates = ['粤B60001', '粤B60002', '粤B60003'];
const DAYS = { startDate: '2026-05-01', endDate: '2026-05-02' };

beforeAll(async () => {
  t = await createTestServer({ exportDirectRows: 4 });
  a = await createTenant(t, { codes: 'all' });
  exports = new ExportsService(t.ctx, EXPORT_KINDS, { partBytes: 2048 });
  for (const [i, plate] of plates.entries()) {
    await t.call(a.sessionId, {
      method: 'POST',
      url: '/car/v4/api/vehicle/add.json',
      ...form({ plate, terminalId: `1386000000${i}`, protocol: 'jt808' }),
    });
  }
  await t.ctx.db.query(`UPDATE terminals SET assigned_at = '2026-01-01T00:00:00Z'`);
  // Known daily figures: vehicle i drove 10.5·(i+1) km on 05-01 and 3.25·(i+1) km on 05-02.
  await t.ctx.db.query(
    `INSERT INTO daily_terminal_stats (terminal_id, day, mileage_km, mileage_source, driving_seconds, max_speed, position_count, alarm_count, alarm_types, online_seconds, elapsed_seconds)
     SELECT t.id, d.day, d.km * n.i, 'gps', 600 * n.i, 40 + n.i, 100, n.i, jsonb_build_object('sos', n.i), 3600 * n.i, 86400
       FROM (SELECT id, right(identifier_key, 1)::int + 1 AS i FROM terminals WHERE identifier_key LIKE '1386000000%') n
       JOIN terminals t ON t.id = n.id
      CROSS JOIN (VALUES ('2026-05-01'::date, 10.5), ('2026-05-02'::date, 3.25)) d(day, km)`,
  );
});
afterAll(() => t?.close());

const post = (url: string, fields: Record<string, string>) => t.call(a.sessionId, { method: 'POST', url, ...form(fields) });
const direct = (reportType: string, params: object) =>
  post('/car/v1/accelerate/export/exportDataReportFile.json', { reportType, params: JSON.stringify(params) });

async function sheetOf(bytes: Buffer): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: string[][] = [];
  book.worksheets[0].eachRow((row) =>
    rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))),
  );
  return rows;
}
const column = (rows: string[][], header: string) => rows.slice(1).map((r) => r[rows[0].indexOf(header)]);

describe('report exports', () => {
  it('downloads a small result at once, with the figures of the JSON answer', async () => {
    const page = (
      await t.call(a.sessionId, {
        url: '/car/v1/accelerate/report/mileage/dayMileage.json?startDate=2026-05-01&endDate=2026-05-01&pageSize=100',
      })
    ).json().obj;
    const res = await direct(REPORT_EXPORT_TYPES.mileage, { startDate: '2026-05-01', endDate: '2026-05-01' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain('里程报表-2026-05-01至2026-05-01.xlsx');
    const rows = await sheetOf(res.rawPayload);
    expect(rows).toHaveLength(1 + 3);
    expect(column(rows, '车牌号')).toEqual(page.list.map((r: { plate: string }) => r.plate));
    expect(column(rows, '里程(km)').map(Number)).toEqual(page.list.map((r: { mileageKm: number }) => r.mileageKm));
    expect(column(rows, '里程(km)').map(Number)).toEqual([10.5, 21, 31.5]);
  });

  it('refuses a large result at once; queued, it is written in parts and downloads whole, with the same figures', async () => {
    const tooLarge = (await direct(REPORT_EXPORT_TYPES.mileage, DAYS)).json();
    expect(tooLarge).toMatchObject({
      flag: 0,
      errorCode: EXPORT_ERRORS.tooLargeForDirect.code,
      msg: '导出数据超过4行，请通过导出任务导出',
    });

    const job = (
      await post('/car/v1/accelerate/export/exportDataReport.json', {
        reportType: REPORT_EXPORT_TYPES.mileage,
        params: JSON.stringify(DAYS),
      })
    ).json().obj;
    expect(await exports.runNext()).toBe(true);
    const stored = await t.ctx.db.one<{ parts: number; bytes: number; size: number; content: unknown }>(
      `SELECT (SELECT count(*)::int FROM export_file_parts WHERE job_id = $1) AS parts, (SELECT sum(length(data))::int FROM export_file_parts WHERE job_id = $1) AS bytes,
              size, content FROM export_jobs WHERE id = $1`,
      [job.id],
    );
    expect(stored!.parts).toBeGreaterThan(1); // streamed into the database part by part, never kept whole
    expect(stored!).toMatchObject({ bytes: stored!.size, content: null });

    const file = await t.call(null, { url: `/car/v1/accelerate/export/download.json?id=${job.id}&sessionId=${a.sessionId}` });
    expect(file.headers['content-length']).toBe(String(stored!.size));
    const rows = await sheetOf(file.rawPayload);
    const page = (
      await t.call(a.sessionId, {
        url: '/car/v1/accelerate/report/mileage/dayMileage.json?startDate=2026-05-01&endDate=2026-05-02&pageSize=100',
      })
    ).json().obj;
    expect(rows).toHaveLength(1 + 6);
    expect(column(rows, '日期')).toEqual(page.list.map((r: { day: string }) => r.day));
    expect(column(rows, '里程(km)').map(Number)).toEqual(page.list.map((r: { mileageKm: number }) => r.mileageKm));
    expect(column(rows, '行驶时长')).toEqual(['10分0秒', '20分0秒', '30分0秒', '10分0秒', '20分0秒', '30分0秒']);
  });

  it('exports 月度汇总 with the figures of its JSON answer', async () => {
    const page = (
      await t.call(a.sessionId, { url: '/car/v1/accelerate/report/monthly/monthlyReport.json?startMonth=2026-05&endMonth=2026-05' })
    ).json().obj;
    const res = await direct(REPORT_EXPORT_TYPES.monthly, { startMonth: '2026-05', endMonth: '2026-05' });
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain('月度汇总-2026-05至2026-05.xlsx');
    const rows = await sheetOf(res.rawPayload);
    expect(column(rows, '车牌号')).toEqual(plates);
    expect(column(rows, '里程(km)').map(Number)).toEqual(page.list.map((r: { mileageKm: number }) => r.mileageKm));
    expect(column(rows, '里程(km)').map(Number)).toEqual([13.75, 27.5, 41.25]);
    expect(column(rows, '报警类型')).toEqual(['紧急报警 2', '紧急报警 4', '紧急报警 6']);
    expect(column(rows, '在线率')).toEqual(page.list.map((r: { onlineRate: number }) => `${(r.onlineRate * 100).toFixed(2)}%`));
  });

  it('makes every report type both ways', async () => {
    const types = Object.values(REPORT_EXPORT_TYPES);
    const kinds = new Set(EXPORT_KINDS.map((k) => k.type));
    expect(types.filter((type) => !kinds.has(type))).toEqual([]);
    for (const reportType of types) {
      const params =
        reportType === REPORT_EXPORT_TYPES.monthly
          ? { startMonth: '2026-05', endMonth: '2026-05' }
          : { startDate: '2026-05-02', endDate: '2026-05-02' };
      const res = await direct(reportType, params);
      expect(res.headers['content-type'], reportType).toContain('spreadsheetml');
      expect((await sheetOf(res.rawPayload))[0].length, reportType).toBeGreaterThan(3);
      const queued = (await post('/car/v1/accelerate/export/exportDataReport.json', { reportType, params: JSON.stringify(params) })).json();
      expect(queued.flag, reportType).toBe(1);
      await exports.runNext();
      const record = (await t.call(a.sessionId, { url: '/car/v1/accelerate/export/listExportRecord.json' })).json().obj.list[0];
      expect(record, reportType).toMatchObject({ id: queued.obj.id, status: 'done' });
    }
  });

  it('answers bad input in Chinese, never with a file', async () => {
    expect((await direct('nope', {})).json()).toMatchObject({ errorCode: EXPORT_ERRORS.unknownType.code });
    expect(
      (await post('/car/v1/accelerate/export/exportDataReportFile.json', { reportType: 'mileageReport', params: '{oops' })).json(),
    ).toMatchObject({ errorCode: EXPORT_ERRORS.badParams.code });
    expect((await direct(REPORT_EXPORT_TYPES.mileage, { vehicleId: 999_999 })).json()).toMatchObject({
      flag: 0,
      msg: '车辆不存在或无权访问',
    });
    const noExport = await createTenant(t, { codes: ['report:mileage'] });
    const refused = await t.call(noExport.sessionId, {
      method: 'POST',
      url: '/car/v1/accelerate/export/exportDataReportFile.json',
      ...form({ reportType: 'mileageReport' }),
    });
    expect(refused.json()).toMatchObject({ flag: 0, msg: '没有该操作的权限' });
  });
});
