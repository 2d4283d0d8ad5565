import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { encodeJt808Location } from '@chelian/protocols/jt808/index.ts';
import { SPEED_LIMIT_MAX_KMH } from '@chelian/contracts';
import { startGateway } from '../../gateway/gateway.ts';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { connectJt808 } from '../../testing/testTerminal.ts';

let t: TestServer;
let a: Tenant;
let b: Tenant;
let carId: number;
let vanId: number;

const D1 = '2026-05-02';
const D2 = '2026-05-03';
const at = (day: string, hhmmss: string) => Date.parse(`${day}T${hhmmss}+08:00`);
const LON = 114.05;
const ROAD = 22.6;
// The school zone: a circle of 300 m around (114.05, 22.7), limited to 40 km/h for the car.
const SCHOOL = 22.7;

type Fix = { time: number; lat: number; speed: number; acc: boolean };
/** Fixes every 10 s from `from` (Beijing), one per speed. */
const run = (day: string, from: string, speeds: number[], acc = true, lat = ROAD): Fix[] =>
  speeds.map((speed, i) => ({ time: at(day, from) + i * 10_000, lat, speed, acc }));

/**
 * The car (its own limit 80 km/h, and the school zone at 40): parked with ACC off at 08:50, drives
 * from 09:00 — 60, then 90/95/99/92 (over 80 for 30 s), 70, one fix at 85 (0 s), 60, through the
 * school zone at 50 (over 40 for 20 s) — and parks with ACC off at 09:10. At 23:59:40 it drives
 * again at 120 across midnight until 00:00:10 and switches off at 00:05.
 */
const carFixes: Fix[] = [
  ...run(D1, '08:50:00', [0], false),
  ...run(D1, '08:55:00', [0], false),
  ...run(D1, '09:00:00', [60, 60, 60, 60, 60, 60, 60, 90, 95, 99, 92, 70, 85, 60, 60]),
  ...run(D1, '09:02:30', [50, 50, 50], true, SCHOOL),
  ...run(D1, '09:03:00', [30, 0]),
  ...run(D1, '09:10:00', [0], false),
  ...run(D1, '09:20:00', [0], false),
  ...run(D1, '23:59:40', [120, 120]),
  ...run(D2, '00:00:00', [120, 120]),
  ...run(D2, '00:05:00', [0], false),
];
/** The van has no limit of its own: 105 km/h for 20 s is over the platform's 100. */
const vanFixes: Fix[] = run(D1, '09:00:00', [105, 105, 105, 90], true);

async function send(identifier: string, fixes: Fix[], port: number) {
  const terminal = await connectJt808(port, identifier);
  let serial = 1;
  for (const f of fixes) {
    terminal.send(
      encodeJt808Location({ phone: identifier }, serial++, {
        time: f.time,
        lat: f.lat,
        lon: LON,
        valid: true,
        speedKmh: f.speed,
        course: 0,
        altitude: 0,
        acc: f.acc,
      }),
    );
    await terminal.next(); // answered once stored
  }
  terminal.close();
}

beforeAll(async () => {
  t = await createTestServer();
  a = await createTenant(t, { codes: 'all' });
  b = await createTenant(t, { codes: 'all' });
  const add = (plate: string, terminalId: string) =>
    t
      .call(a.sessionId, { method: 'POST', url: '/car/v4/api/vehicle/add.json', ...form({ plate, terminalId, protocol: 'jt808' }) })
      .then((r) => r.json().obj.vehicleId as number);
  carId = await add('粤B80001', '13880000001');
  vanId = await add('粤B80002', '13880000002');
  await t.ctx.db.query(`UPDATE terminals SET assigned_at = '2026-01-01T00:00:00Z'`);
  // The limits as an operator sets them: the vehicle's in its form, the fence's in the fence editor.
  const limited = await t.call(a.sessionId, {
    method: 'POST',
    url: '/car/v4/api/vehicle/update.json',
    ...form({ vehicleId: carId, speedLimitKmh: 80 }),
  });
  expect(limited.json().obj).toMatchObject({ vehicleId: carId, speedLimitKmh: 80 });
  const fence = await t
    .call(a.sessionId, {
      method: 'POST',
      url: '/car/v4/api/geofence/add.json',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: '学校', kind: 'circle', center: [LON, SCHOOL], radius: 300, speedLimitKmh: 40 }),
    })
    .then((r) => r.json().obj);
  expect(fence).toMatchObject({ name: '学校', speedLimitKmh: 40 });
  await t.call(a.sessionId, {
    method: 'POST',
    url: '/car/v4/api/geofence/bindVehicles.json',
    ...form({ geofenceId: fence.geofenceId, vehicleIds: String(carId) }),
  });

  const gw = await startGateway(t.ctx, { host: '127.0.0.1', ports: { jt808: 0 }, offlineAfterSeconds: 60 });
  await send('013880000001', carFixes, gw.ports.jt808!);
  await send('013880000002', vanFixes, gw.ports.jt808!);
  await gw.close();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const get = (sid: string, path: string, query: string) =>
  t.call(sid, { url: `/car/v1/accelerate/report/${path}?${query}` }).then((r) => r.json());
const overspeed = (sid: string, query: string) => get(sid, 'overspeed/overspeedReport.json', query);
const acc = (sid: string, query: string) => get(sid, 'acc/accReport.json', query);

describe('overspeed report', () => {
  it('finds each episode with the limit that applied: the fence, the vehicle, the default; split at midnight', async () => {
    const res = await overspeed(a.sessionId, `startDate=${D1}&endDate=${D2}`);
    expect(res.flag).toBe(1);
    const rows = res.obj.list.map((r: Record<string, unknown>) => [
      r.day,
      r.plate,
      r.startAt,
      r.endAt,
      r.seconds,
      r.maxSpeed,
      r.limitKmh,
      r.limitSource,
      r.fenceName,
      r.points,
    ]);
    expect(rows).toEqual([
      // Newest day first: the car's last 10 s of the night run.
      [D2, '粤B80001', at(D2, '00:00:00'), at(D2, '00:00:10'), 10, 120, 80, 'vehicle', '', 2],
      [D1, '粤B80001', at(D1, '09:01:10'), at(D1, '09:01:40'), 30, 99, 80, 'vehicle', '', 4],
      [D1, '粤B80001', at(D1, '09:02:30'), at(D1, '09:02:50'), 20, 50, 40, 'fence', '学校', 3],
      [D1, '粤B80001', at(D1, '23:59:40'), at(D1, '23:59:50'), 10, 120, 80, 'vehicle', '', 2],
      [D1, '粤B80002', at(D1, '09:00:00'), at(D1, '09:00:20'), 20, 105, 100, 'default', '', 3],
    ]);
    expect(res.obj.list[2]).toMatchObject({ vehicleId: carId, lon: LON, lat: SCHOOL, terminalId: '013880000001' });
    expect(res.obj.totals).toEqual({ episodes: 5, seconds: 90, vehicles: 2, maxSpeed: 120 });
  });

  it('counts the lone fix at 85 only when no minimum is asked, and drops the 10-second ones at 30', async () => {
    const all = await overspeed(a.sessionId, `startDate=${D1}&endDate=${D1}&vehicleId=${carId}&minSeconds=0`);
    expect(all.obj.list.map((r: { startAt: number; seconds: number }) => [r.startAt, r.seconds])).toEqual([
      [at(D1, '09:01:10'), 30],
      [at(D1, '09:02:00'), 0],
      [at(D1, '09:02:30'), 20],
      [at(D1, '23:59:40'), 10],
    ]);
    const long = await overspeed(a.sessionId, `startDate=${D1}&endDate=${D2}&minSeconds=30`);
    expect(long.obj).toMatchObject({ total: 1, totals: { episodes: 1, seconds: 30, vehicles: 1, maxSpeed: 99 } });
    const paged = await overspeed(a.sessionId, `startDate=${D1}&endDate=${D2}&pageSize=2&current=2`);
    expect(paged.obj).toMatchObject({ total: 5, current: 2, pageSize: 2 });
    expect(paged.obj.list.map((r: { startAt: number }) => r.startAt)).toEqual([at(D1, '09:02:30'), at(D1, '23:59:40')]);
  });

  it('keeps each tenant to its own vehicles and refuses bad input in Chinese', async () => {
    expect((await overspeed(b.sessionId, `startDate=${D1}&endDate=${D2}`)).obj).toMatchObject({ total: 0, list: [] });
    expect(await overspeed(b.sessionId, `vehicleId=${carId}`)).toMatchObject({ flag: 0, msg: '车辆不存在或无权访问' });
    expect(await overspeed(a.sessionId, 'startDate=2026-13-01')).toMatchObject({
      flag: 0,
      msg: '请求参数错误：startDate 日期格式应为 YYYY-MM-DD',
    });
    expect((await t.call(a.sessionId, { url: '/car/v1/accelerate/report/overspeed/overspeedReport.json?minSeconds=-1' })).statusCode).toBe(
      400,
    );
  });
});

describe('ACC report', () => {
  const rows = (res: { obj: { list: Array<Record<string, unknown>> } }) =>
    res.obj.list.map((r) => [r.day, r.plate, r.acc, r.startAt, r.endAt, r.seconds, r.open]);

  it('gives each ignition period, split at Beijing midnight, with the time on per vehicle', async () => {
    const res = await acc(a.sessionId, `startDate=${D1}&endDate=${D2}&vehicleId=${carId}`);
    expect(res.flag).toBe(1);
    expect(rows(res)).toEqual([
      [D2, '粤B80001', true, at(D2, '00:00:00'), at(D2, '00:05:00'), 300, false],
      [D2, '粤B80001', false, at(D2, '00:05:00'), at(D2, '00:05:00'), 0, true],
      [D1, '粤B80001', false, at(D1, '08:50:00'), at(D1, '09:00:00'), 600, false],
      [D1, '粤B80001', true, at(D1, '09:00:00'), at(D1, '09:10:00'), 600, false],
      [D1, '粤B80001', false, at(D1, '09:10:00'), at(D1, '23:59:40'), 53_380, false],
      [D1, '粤B80001', true, at(D1, '23:59:40'), at(D2, '00:00:00'), 20, false],
    ]);
    expect(res.obj.totals).toEqual({ onSeconds: 920, offSeconds: 53_980, starts: 2, vehicles: 1 });
    expect(res.obj.vehicles).toEqual([
      { vehicleId: carId, plate: '粤B80001', name: '粤B80001', onSeconds: 920, offSeconds: 53_980, starts: 2 },
    ]);
  });

  it('takes the state a day begins with from the evening before, and ranks vehicles by time on', async () => {
    const second = await acc(a.sessionId, `startDate=${D2}&endDate=${D2}&vehicleId=${carId}`);
    expect(rows(second)[0]).toEqual([D2, '粤B80001', true, at(D2, '00:00:00'), at(D2, '00:05:00'), 300, false]);
    expect(second.obj.totals).toMatchObject({ onSeconds: 300, starts: 0 });
    const fleet = await acc(a.sessionId, `startDate=${D1}&endDate=${D1}`);
    // The van drove 30 s with ACC on and sent nothing after: its period is open.
    expect(fleet.obj.vehicles.map((v: { plate: string; onSeconds: number; starts: number }) => [v.plate, v.onSeconds, v.starts])).toEqual([
      ['粤B80001', 620, 2],
      ['粤B80002', 30, 1],
    ]);
    expect(rows(fleet).filter((r) => r[1] === '粤B80002')).toEqual([
      [D1, '粤B80002', true, at(D1, '09:00:00'), at(D1, '09:00:30'), 30, true],
    ]);
    expect((await acc(b.sessionId, `startDate=${D1}&endDate=${D2}`)).obj).toMatchObject({ total: 0, list: [], vehicles: [] });
    expect(await acc(b.sessionId, `vehicleId=${vanId}`)).toMatchObject({ flag: 0, msg: '车辆不存在或无权访问' });
  });
});

async function sheet(reportType: string, params: object): Promise<unknown[][]> {
  const res = await t.call(a.sessionId, {
    method: 'POST',
    url: '/car/v1/accelerate/export/exportDataReportFile.json',
    ...form({ reportType, params: JSON.stringify(params) }),
  });
  expect(res.statusCode).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return book.worksheets[0]
    .getSheetValues()
    .slice(1)
    .map((row) => (row as unknown[]).slice(1));
}

describe('Excel', () => {
  it("exports the same episodes, with the limit's source and a Chinese address", async () => {
    const rows = await sheet('overspeedReport', { startDate: D1, endDate: D2, minSeconds: '10' });
    expect(rows[0]).toEqual([
      '日期',
      '车牌号',
      '名称',
      '设备号',
      '分组',
      '所属账户',
      '开始时间',
      '结束时间',
      '超速时长',
      '最高速度(km/h)',
      '限速(km/h)',
      '限速来源',
      '经度',
      '纬度',
      '超速地点',
    ]);
    expect(rows.slice(1).map((r) => [r[0], r[1], ...r.slice(6, 12)])).toEqual([
      [D2, '粤B80001', '2026-05-03 00:00:00', '2026-05-03 00:00:10', '10秒', 120, 80, '车辆'],
      [D1, '粤B80001', '2026-05-02 09:01:10', '2026-05-02 09:01:40', '30秒', 99, 80, '车辆'],
      [D1, '粤B80001', '2026-05-02 09:02:30', '2026-05-02 09:02:50', '20秒', 50, 40, '围栏：学校'],
      [D1, '粤B80001', '2026-05-02 23:59:40', '2026-05-02 23:59:50', '10秒', 120, 80, '车辆'],
      [D1, '粤B80002', '2026-05-02 09:00:00', '2026-05-02 09:00:20', '20秒', 105, 100, '平台默认'],
    ]);
    expect(rows[1][14]).toMatch(/^广东省深圳市/);
  });

  it('exports the ignition periods as the page lists them', async () => {
    const rows = await sheet('accReport', { startDate: D1, endDate: D2, vehicleId: carId });
    expect(rows[0].slice(5)).toEqual(['所属账户', 'ACC状态', '开始时间', '结束时间', '持续时长', '持续中']);
    expect(rows.slice(1).map((r) => r.slice(6))).toEqual([
      ['ACC开', '2026-05-03 00:00:00', '2026-05-03 00:05:00', '5分0秒', '否'],
      ['ACC关', '2026-05-03 00:05:00', '2026-05-03 00:05:00', '0秒', '是'],
      ['ACC关', '2026-05-02 08:50:00', '2026-05-02 09:00:00', '10分0秒', '否'],
      ['ACC开', '2026-05-02 09:00:00', '2026-05-02 09:10:00', '10分0秒', '否'],
      ['ACC关', '2026-05-02 09:10:00', '2026-05-02 23:59:40', '14小时49分40秒', '否'],
      ['ACC开', '2026-05-02 23:59:40', '2026-05-03 00:00:00', '20秒', '否'],
    ]);
  });
});

describe('speed limits', () => {
  it("clears a vehicle's limit with an empty field and refuses one above 300 km/h", async () => {
    const update = (speedLimitKmh: string) =>
      t.call(a.sessionId, { method: 'POST', url: '/car/v4/api/vehicle/update.json', ...form({ vehicleId: vanId, speedLimitKmh }) });
    expect((await update('90')).json().obj.speedLimitKmh).toBe(90);
    expect((await update('')).json().obj.speedLimitKmh).toBeNull();
    const refused = await update('301');
    expect([refused.statusCode, refused.json().flag]).toEqual([400, 0]);
    expect(refused.json().msg).toBe('请求参数错误：speedLimitKmh 超出范围');
  });

  it('refuses a fence above 300 km/h in the same words as a vehicle (one SpeedLimitKmh)', async () => {
    const add = (speedLimitKmh: number) =>
      t.call(a.sessionId, {
        method: 'POST',
        url: '/car/v4/api/geofence/add.json',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ name: '限速上限', kind: 'circle', center: [LON, SCHOOL], radius: 100, speedLimitKmh }),
      });
    const refused = await add(301);
    expect([refused.statusCode, refused.json().flag, refused.json().msg]).toEqual([400, 0, '请求参数错误：speedLimitKmh 超出范围']);
    const highest = (await add(SPEED_LIMIT_MAX_KMH)).json();
    expect(highest.obj).toMatchObject({ speedLimitKmh: SPEED_LIMIT_MAX_KMH });
    await t.call(a.sessionId, {
      method: 'POST',
      url: '/car/v4/api/geofence/delete.json',
      ...form({ geofenceIds: String(highest.obj.geofenceId) }),
    });
  });
});
