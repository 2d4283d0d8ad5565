import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { distanceMeters } from '@chelian/geo/coords.ts';
import { encodeJt808Location } from '@chelian/protocols/jt808/index.ts';
import { startGateway } from '../../gateway/gateway.ts';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { connectJt808 } from '../../testing/testTerminal.ts';
import { EXPORT_KINDS } from '../exports/exportKinds.ts';
import { ExportsService } from '../exports/exports.service.ts';
import { backfill } from './rollup.service.ts';

let t: TestServer;
let a: Tenant;
let b: Tenant;
let vehicleId: number;

const bj = (hhmmss: string) => Date.parse(`2026-05-02T${hhmmss}+08:00`);
const at = (hhmm: string, plusSeconds = 0) => bj(`${hhmm}:00`) + plusSeconds * 1000;
type Fix = { time: number; lat: number; speed: number };
const LON = 114.05;

/**
 * One morning, sent by a JT/T 808 terminal through the gateway: it stands 08:00–08:10, drives
 * north, stops 2½ minutes at 08:21 (a light), drives on, stands 08:30:30–08:45:30 and drives
 * until its last fix at 08:50.
 */
const fixes: Fix[] = [];
let lat = 22.6;
const stand = (from: number, to: number) => {
  for (let time = from; time <= to; time += 60_000) fixes.push({ time, lat, speed: 0 });
};
const drive = (from: number, to: number, speed = 36) => {
  // JT/T 808 carries millionths of a degree.
  for (let time = from; time <= to; time += 30_000) fixes.push({ time, lat: (lat = Math.round((lat + 0.0025) * 1e6) / 1e6), speed });
};
stand(at('08:00'), at('08:10'));
drive(at('08:10', 30), at('08:20', 30));
fixes.find((f) => f.time === at('08:15'))!.speed = 50;
stand(at('08:21'), at('08:23'));
drive(at('08:23', 30), at('08:30'));
stand(at('08:30', 30), at('08:44', 30));
drive(at('08:45', 30), at('08:50'));
// Speed noise while it stands: one fix at 8 km/h, 20 m off (a movement too short to end the stay).
const NOISE_M = 20;
const noise = fixes.find((f) => f.time === at('08:37', 30))!;
Object.assign(noise, { speed: 8, lat: Math.round((noise.lat + 0.00018) * 1e6) / 1e6 });

/**
 * A trip's distance as the report measures it: the steps ending from `from` to `to`, the first from
 * the fix before it (where the vehicle stood: the step that left the stop is driven too).
 */
const km = (from: number, to: number) => {
  const before = fixes.filter((f) => f.time < from).slice(-1);
  const run = [...before, ...fixes.filter((f) => f.time >= from && f.time <= to)];
  return Math.round(run.slice(1).reduce((s, f, i) => s + distanceMeters([LON, run[i].lat], [LON, f.lat]), 0) / 10) / 100;
};
const latAt = (time: number) => fixes.find((f) => f.time === time)!.lat;

/**
 * A JT/T 808 vehicle of `tenant` whose terminal it has held since before the day (a later hand-over
 * would hide the day's positions).
 */
async function addVehicleHeldSinceJanuary(tenant: Tenant, plate: string, phone: string): Promise<number> {
  const res = await t.call(tenant.sessionId, {
    method: 'POST',
    url: '/car/v4/api/vehicle/add.json',
    ...form({ plate, terminalId: phone.replace(/^0/, ''), protocol: 'jt808' }),
  });
  await t.ctx.db.query(`UPDATE terminals SET assigned_at = '2026-01-01T00:00:00Z' WHERE identifier = $1`, [phone]);
  return res.json().obj.vehicleId;
}

/** Sends `list` through the gateway as JT/T 808 terminal `phone`, each fix answered once stored, then rolls the day up. */
async function sendDay(phone: string, list: readonly Fix[]) {
  const gw = await startGateway(t.ctx, { host: '127.0.0.1', ports: { jt808: 0 }, offlineAfterSeconds: 60 });
  const terminal = await connectJt808(gw.ports.jt808!, phone);
  let serial = 1;
  for (const f of list) {
    terminal.send(
      encodeJt808Location({ phone }, serial++, {
        time: f.time,
        lat: f.lat,
        lon: LON,
        valid: true,
        speedKmh: f.speed,
        course: 0,
        altitude: 0,
      }),
    );
    await terminal.next(); // answered once stored
  }
  terminal.close();
  await gw.close();
  await backfill(t.ctx.db, '2026-05-02', '2026-05-02');
}

beforeAll(async () => {
  t = await createTestServer();
  a = await createTenant(t, { codes: 'all' });
  b = await createTenant(t, { codes: 'all' });
  vehicleId = await addVehicleHeldSinceJanuary(a, '粤B70001', '013870000001');

  await sendDay('013870000001', fixes);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const trips = (sid: string, extra = '') =>
  t
    .call(sid, { url: `/car/v1/accelerate/report/trip/tripReport.json?startDate=2026-05-02&endDate=2026-05-02${extra}` })
    .then((r) => r.json());

describe('trip report', () => {
  it('splits the day at stops of at least 5 minutes: start, end, where, how far, how fast', async () => {
    const res = await trips(a.sessionId);
    expect(res.flag).toBe(1);
    expect(res.obj).toMatchObject({ total: 2, current: 1, pageSize: 10, totals: { trips: 2, seconds: 20 * 60 + 270, vehicles: 1 } });
    const [first, last] = res.obj.list;
    // From the first moving fix to the next long stop's first fix; the light at 08:21 is inside it.
    expect(first).toEqual({
      vehicleId,
      plate: '粤B70001',
      name: '粤B70001',
      groupName: '',
      accountName: expect.any(String),
      terminalId: '013870000001',
      day: '2026-05-02',
      startAt: at('08:10', 30),
      endAt: at('08:30', 30),
      seconds: 20 * 60,
      distanceKm: km(at('08:10', 30), at('08:30', 30)),
      avgSpeed: Math.round((km(at('08:10', 30), at('08:30', 30)) / (20 / 60)) * 10) / 10,
      maxSpeed: 50,
      startLon: LON,
      startLat: latAt(at('08:10', 30)),
      endLon: LON,
      endLat: latAt(at('08:30', 30)),
    });
    // The last one ends at the day's last fix: it was still driving.
    expect(last).toMatchObject({ startAt: at('08:45', 30), endAt: at('08:50'), seconds: 270, maxSpeed: 36, endLat: latAt(at('08:50')) });
    expect(first.distanceKm).toBeGreaterThan(5);
  });

  it('makes no trip of a noisy fix while parked: its metres are in the day’s mileage and in no trip', async () => {
    const res = await trips(a.sessionId, '&minMinutes=1');
    expect(res.obj.list.some((r: { startAt: number }) => r.startAt === at('08:37', 30))).toBe(false);
    const mileage = (
      await t.call(a.sessionId, {
        url: `/car/v1/accelerate/report/mileage/dayMileage.json?vehicleId=${vehicleId}&startDate=2026-05-02&endDate=2026-05-02`,
      })
    ).json();
    const [day] = mileage.obj.list;
    const sum = res.obj.list.reduce((s: number, r: { distanceKm: number }) => s + r.distanceKm, 0);
    // Off and back: 2 × 20 m. Each figure is rounded to 0.01 km on its own.
    expect(Math.abs(day.mileageKm - sum - (2 * NOISE_M) / 1000)).toBeLessThanOrEqual(0.005 * (res.obj.list.length + 1) + 1e-9);
  });

  it('splits at shorter stops when asked, and keeps each tenant to its own vehicles', async () => {
    const short = await trips(a.sessionId, '&minMinutes=1');
    expect(short.obj.list.map((r: { startAt: number; endAt: number }) => [r.startAt, r.endAt])).toEqual([
      [at('08:10', 30), at('08:21')],
      [at('08:23', 30), at('08:30', 30)],
      [at('08:45', 30), at('08:50')],
    ]);
    expect((await trips(b.sessionId)).obj).toMatchObject({ total: 0, list: [] });
    expect(await trips(b.sessionId, `&vehicleId=${vehicleId}`)).toMatchObject({ flag: 0, msg: '车辆不存在或无权访问' });
    expect((await t.call(a.sessionId, { url: '/car/v1/accelerate/report/trip/tripReport.json?minMinutes=0' })).statusCode).toBe(400);
  });

  it('exports the same trips to Excel through the download centre, with Chinese addresses', async () => {
    const params = JSON.stringify({ startDate: '2026-05-02', endDate: '2026-05-02', minMinutes: '5' });
    const job = (
      await t.call(a.sessionId, {
        method: 'POST',
        url: '/car/v1/accelerate/export/exportDataReport.json',
        ...form({ reportType: 'tripReport', params }),
      })
    ).json();
    expect(job.obj).toMatchObject({ name: '行程报表', status: 'queued' });
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
      '日期',
      '车牌号',
      '名称',
      '设备号',
      '分组',
      '所属账户',
      '开始时间',
      '结束时间',
      '行程时长',
      '里程(km)',
      '平均速度(km/h)',
      '最高速度(km/h)',
      '起点',
      '终点',
    ]);
    expect(rows.slice(1).map((r) => [r[1], ...r.slice(6, 12)])).toEqual([
      ['粤B70001', '2026-05-02 08:10:30', '2026-05-02 08:30:30', '20分0秒', km(at('08:10', 30), at('08:30', 30)), expect.any(Number), 50],
      ['粤B70001', '2026-05-02 08:45:30', '2026-05-02 08:50:00', '4分30秒', km(at('08:45', 30), at('08:50')), expect.any(Number), 36],
    ]);
    for (const r of rows.slice(1))
      expect([r[12], r[13]]).toEqual([expect.stringMatching(/^广东省深圳市/), expect.stringMatching(/^广东省深圳市/)]);
  });
});

describe('a gap in the reports before a trip', () => {
  // Another tenant's terminal: it stands at 07:00–07:10, is silent for half an hour (switched off,
  // the vehicle carried away), and is next heard 5 km north already driving, for five minutes.
  let c: Tenant;
  let gapVehicle: number;
  const gapLat = 22.5;
  const moved = Math.round((gapLat + 0.045) * 1e6) / 1e6;
  const gapFixes: Fix[] = [];
  for (let time = at('07:00'); time <= at('07:10'); time += 60_000) gapFixes.push({ time, lat: gapLat, speed: 0 });
  for (let i = 0, time = at('07:40'); time <= at('07:45'); time += 30_000, i++)
    gapFixes.push({ time, lat: Math.round((moved + i * 0.002) * 1e6) / 1e6, speed: 30 });

  beforeAll(async () => {
    c = await createTenant(t, { codes: 'all' });
    gapVehicle = await addVehicleHeldSinceJanuary(c, '粤B70002', '013870000002');
    await sendDay('013870000002', gapFixes);
  }, 120_000);

  it('leaves the 5 km the vehicle was carried out of the trip (its time is not the trip’s), and in the day’s mileage', async () => {
    const res = await trips(c.sessionId);
    expect(res.obj.list).toHaveLength(1);
    const [trip] = res.obj.list;
    const driven = gapFixes.filter((f) => f.time >= at('07:40'));
    const drivenKm = driven.slice(1).reduce((s, f, i) => s + distanceMeters([LON, driven[i].lat], [LON, f.lat]), 0) / 1000;
    expect(trip).toMatchObject({ vehicleId: gapVehicle, startAt: at('07:40'), endAt: at('07:45'), seconds: 300, maxSpeed: 30 });
    expect(trip.distanceKm).toBeCloseTo(drivenKm, 2);
    expect(trip.avgSpeed).toBeLessThanOrEqual(trip.maxSpeed);
    const mileage = (
      await t.call(c.sessionId, {
        url: `/car/v1/accelerate/report/mileage/dayMileage.json?vehicleId=${gapVehicle}&startDate=2026-05-02&endDate=2026-05-02`,
      })
    ).json();
    const gapKm = distanceMeters([LON, gapLat], [LON, moved]) / 1000;
    expect(mileage.obj.list[0].mileageKm).toBeCloseTo(drivenKm + gapKm, 1);
  });
});
