import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { DAY_MS } from '@chelian/contracts/beijingTime.ts';

let t: TestServer;
let a: Tenant;
let b: Tenant;
let vehicleId: number;
let start = 0;

beforeAll(async () => {
  t = await createTestServer();
  a = await createTenant(t, { codes: ['car', 'car:playback', 'car:vehicle:add'] });
  b = await createTenant(t, { codes: ['car', 'car:playback'] });
  const added = (
    await t.call(a.sessionId, {
      method: 'POST',
      url: '/car/v4/api/vehicle/add.json',
      ...form({ plate: '粤B66666', terminalId: '013800000066', protocol: 'jt808' }),
    })
  ).json();
  vehicleId = added.obj.vehicleId;
  start = Date.now() + 1000; // a new owner sees history from the hand-over on
  const [{ id }] = await t.ctx.db.query<{ id: number }>('SELECT id FROM terminals WHERE identifier = $1', ['013800000066']);
  await t.ctx.db.query('SELECT ensure_position_partitions(current_date - 1, current_date + 1)');
  // ten reports in Shenzhen, the last one out at sea
  for (let i = 0; i < 10; i++) {
    const [lon, lat] = i < 9 ? [114.05 + i * 0.001, 22.55] : [125.5, 27.5];
    await t.ctx.db.query(
      `INSERT INTO positions (terminal_id, gps_time, received_at, lat, lon, speed, course, valid, acc, mileage) VALUES ($1, $2, $2, $3, $4, $5, 90, true, true, $6)`,
      [id, new Date(start + i * 10_000), lat, lon, i === 5 ? 130 : 40, 1000 + i * 0.1],
    );
  }
});
afterAll(() => t?.close());

const exportTrack = (s: Tenant, fields: Record<string, string | number>) =>
  t.call(s.sessionId, { method: 'POST', url: '/car/v4/api/playback/exportTrack.json', ...form(fields) });

describe('track export', () => {
  it('writes every point with its Beijing time, overspeed mark and offline address to an Excel file', async () => {
    const res = await exportTrack(a, { vehicleId, start, end: start + 120_000, overspeedKmh: 120 });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain('轨迹明细-粤B66666');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('轨迹明细')!;
    expect(String(ws.getRow(1).getCell(1).value)).toContain('粤B66666 轨迹明细');
    expect(ws.getRow(2).values).toContain('地址');
    expect(ws.rowCount).toBe(12);
    const first = ws.getRow(3);
    expect(first.getCell(1).value).toBe(1);
    expect(first.getCell(10).value).toBe('广东省深圳市');
    expect(ws.getRow(8).getCell(9).value).toBe('是');
    expect(ws.getRow(12).getCell(10).value).toBe('获取位置失败');
  });

  it("refuses another tenant's vehicle and a range over 31 days", async () => {
    const foreign = await exportTrack(b, { vehicleId, start, end: start + 120_000 }); // a valid range: only ownership refuses it
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().msg).toBe('车辆不存在或无权访问');
    const long = await exportTrack(a, { vehicleId, start: Date.now() - 40 * DAY_MS, end: Date.now() });
    expect(long.json()).toMatchObject({ flag: 0, errorCode: 'playback.rangeTooLong', msg: '查询时间范围不能超过31天' });
  });
});
