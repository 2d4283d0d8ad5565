import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distanceMeters } from '@chelian/geo/coords.ts';
import { MONTHLY_ERRORS, REPORT_ERRORS } from '@chelian/contracts';
import { beijingDayOf, beijingDayStart } from '@chelian/contracts/beijingTime.ts';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { ingestQueries, type StoredPosition } from '../../gateway/ingest.queries.ts';
import { backfill } from './rollup.service.ts';
import { rollupFinishedMonths } from './monthlyRollup.ts';
import { addMonths } from './monthly.service.ts';
import type { AlarmType } from '@chelian/protocols/alarms.ts';

let t: TestServer;
let a: Tenant;
let b: Tenant;
let vehicleId: number;
let otherVehicleId: number;
let terminalPk: number;
let aprilKm: number;
let mayKm: number;

const bj = (day: string, hhmmss: string) => Date.parse(`${day}T${hhmmss}+08:00`);
const get = (sid: string, url: string) => t.call(sid, { url }).then((r) => r.json());
const monthly = (sid: string, query: string) => get(sid, `/car/v1/accelerate/report/monthly/monthlyReport.json?${query}`);
const point = (gpsTime: number, lat: number, speed: number): StoredPosition => ({
  terminalPk,
  gpsTime,
  receivedAt: gpsTime,
  lat,
  lon: 114.05,
  speed,
  course: 0,
  altitude: 0,
  valid: true,
  satellites: 8,
  acc: true,
  mileage: null,
  alarms: [],
  extras: null,
});
const km = (track: StoredPosition[]) =>
  track.slice(1).reduce((s, p, i) => s + distanceMeters([p.lon, track[i].lat], [p.lon, p.lat]), 0) / 1000;

beforeAll(async () => {
  t = await createTestServer();
  a = await createTenant(t, { codes: 'all' });
  b = await createTenant(t, { codes: 'all' });
  const add = (plate: string, terminalId: string) =>
    t
      .call(a.sessionId, { method: 'POST', url: '/car/v4/api/vehicle/add.json', ...form({ plate, terminalId, protocol: 'jt808' }) })
      .then((r) => r.json().obj.vehicleId as number);
  vehicleId = await add('粤B70001', '13870000001');
  otherVehicleId = await add('粤B70002', '13870000002');
  terminalPk = (await t.ctx.db.one<{ id: number }>(`SELECT id FROM terminals WHERE identifier_key = '13870000001'`))!.id;
  const otherPk = (await t.ctx.db.one<{ id: number }>(`SELECT id FROM terminals WHERE identifier_key = '13870000002'`))!.id;
  await t.ctx.db.query(`UPDATE terminals SET assigned_at = '2026-01-01T00:00:00Z'`);

  // Driving across the Beijing month boundary: 23:50–23:55 on 04-30 is April; 00:05–00:10 on 05-01
  // (16:05 UTC on 04-30) is already May in Beijing.
  const april = Array.from({ length: 31 }, (_, i) => point(bj('2026-04-30', '23:50:00') + i * 10_000, 22.5 + i * 0.001, 36));
  const may = Array.from({ length: 31 }, (_, i) => point(bj('2026-05-01', '00:05:00') + i * 10_000, 22.6 + i * 0.002, 72));
  aprilKm = km(april);
  mayKm = km(may);
  await ingestQueries.copyPositions(t.ctx.db, [...april, ...may]);
  const alarm = (type: AlarmType, at: number) => ({
    terminalPk,
    accountId: a.accountId,
    vehicleId,
    type,
    alarmTime: at,
    lat: 22.5,
    lon: 114.05,
    speed: 40,
  });
  await ingestQueries.insertAlarms(t.ctx.db, [
    alarm('overspeed', bj('2026-04-30', '23:52:00')),
    alarm('sos', bj('2026-05-01', '00:06:00')),
    alarm('sos', bj('2026-05-01', '00:07:00')),
  ]);
  // Online from 12:00 on 04-30 to 12:00 on 05-01 (Beijing): 12 hours in each month.
  await t.ctx.db.query(`INSERT INTO presence_events (terminal_id, at, online) VALUES ($1, $2, true), ($1, $3, false)`, [
    terminalPk,
    new Date(bj('2026-04-30', '12:00:00')),
    new Date(bj('2026-05-01', '12:00:00')),
  ]);
  await backfill(t.ctx.db, '2026-04-29', '2026-05-02');
  // Known daily figures of the other vehicle in March (as the rollup would have written them).
  await t.ctx.db.query(
    `INSERT INTO daily_terminal_stats (terminal_id, day, mileage_km, mileage_source, driving_seconds, max_speed, position_count, alarm_count, alarm_types, online_seconds, elapsed_seconds)
     VALUES ($1, '2026-03-01', 10.5, 'gps', 600, 50, 100, 2, '{"sos": 2}', 43200, 86400),
            ($1, '2026-03-31', 20.25, 'odometer', 1200, 80, 200, 1, '{"overspeed": 1}', 86400, 86400)`,
    [otherPk],
  );
});
afterAll(async () => {
  await t?.close();
});

describe('月度汇总', () => {
  it('sums the daily figures per vehicle and Beijing month: the month boundary is Beijing midnight', async () => {
    const res = await monthly(a.sessionId, `startMonth=2026-03&endMonth=2026-05&vehicleId=${vehicleId}`);
    expect(res.flag).toBe(1);
    const [may, april, march] = res.obj.list;
    expect(res.obj.list.map((r: { month: string }) => r.month)).toEqual(['2026-05', '2026-04', '2026-03']);
    expect(april).toMatchObject({
      vehicleId,
      plate: '粤B70001',
      month: '2026-04',
      mileageKm: Math.round(aprilKm * 100) / 100,
      drivingSeconds: 300,
      maxSpeed: 36,
      activeDays: 1,
      onlineSeconds: 12 * 3600,
      onlineRate: Math.round(((12 * 3600) / (30 * 86400)) * 10_000) / 10_000,
      alarmCount: 1,
      alarmTypes: [{ type: 'overspeed', typeName: '终端超速报警', count: 1 }],
    });
    expect(may).toMatchObject({
      month: '2026-05',
      mileageKm: Math.round(mayKm * 100) / 100,
      drivingSeconds: 300,
      maxSpeed: 72,
      activeDays: 1,
      onlineSeconds: 12 * 3600,
      onlineRate: Math.round(((12 * 3600) / (31 * 86400)) * 10_000) / 10_000,
      alarmCount: 2,
      alarmTypes: [{ type: 'sos', count: 2 }],
    });
    expect(march).toMatchObject({
      month: '2026-03',
      mileageKm: 0,
      drivingSeconds: 0,
      activeDays: 0,
      onlineSeconds: 0,
      onlineRate: 0,
      alarmCount: 0,
      alarmTypes: [],
    });
    expect(aprilKm).toBeGreaterThan(3);
    expect(mayKm).toBeGreaterThan(6);
  });

  it('gives the totals and each month of the whole selection', async () => {
    const res = await monthly(a.sessionId, 'startMonth=2026-03&endMonth=2026-05&pageSize=2');
    expect(res.obj.total).toBe(6);
    expect(res.obj.list.map((r: { month: string; plate: string }) => `${r.month} ${r.plate}`)).toEqual([
      '2026-05 粤B70001',
      '2026-05 粤B70002',
    ]);
    const march = 10.5 + 20.25;
    expect(res.obj.totals).toMatchObject({
      mileageKm: Math.round((march + aprilKm + mayKm) * 100) / 100,
      drivingSeconds: 1800 + 600,
      maxSpeed: 80,
      alarmCount: 6,
      vehicles: 2,
      onlineSeconds: 43200 + 86400 + 24 * 3600,
      onlineRate: Math.round(((43200 + 86400 + 24 * 3600) / (2 * (31 + 30 + 31) * 86400)) * 10_000) / 10_000,
      alarmTypes: [
        { type: 'sos', count: 4 },
        { type: 'overspeed', count: 2 },
      ],
    });
    expect(res.obj.months).toEqual([
      {
        month: '2026-03',
        mileageKm: 30.75,
        drivingSeconds: 1800,
        onlineRate: Math.round((129_600 / (2 * 31 * 86400)) * 10_000) / 10_000,
        alarmCount: 3,
      },
      {
        month: '2026-04',
        mileageKm: Math.round(aprilKm * 100) / 100,
        drivingSeconds: 300,
        onlineRate: Math.round((43200 / (2 * 30 * 86400)) * 10_000) / 10_000,
        alarmCount: 1,
      },
      {
        month: '2026-05',
        mileageKm: Math.round(mayKm * 100) / 100,
        drivingSeconds: 300,
        onlineRate: Math.round((43200 / (2 * 31 * 86400)) * 10_000) / 10_000,
        alarmCount: 2,
      },
    ]);
    const page2 = await monthly(a.sessionId, 'startMonth=2026-03&endMonth=2026-05&pageSize=2&current=3');
    expect(page2.obj.list.map((r: { month: string; vehicleId: number }) => [r.month, r.vehicleId])).toEqual([
      ['2026-03', vehicleId],
      ['2026-03', otherVehicleId],
    ]);
    expect(page2.obj.list[1]).toMatchObject({ mileageKm: 30.75, drivingSeconds: 1800, maxSpeed: 80, activeDays: 2, alarmCount: 3 });
  });

  it('checks the months asked for, and keeps tenants apart', async () => {
    expect(await monthly(a.sessionId, 'startMonth=2025-01&endMonth=2026-01')).toMatchObject({
      flag: 0,
      errorCode: MONTHLY_ERRORS.rangeTooLong.code,
      msg: '查询月份范围不能超过12个月',
    });
    expect((await monthly(a.sessionId, 'startMonth=2025-02&endMonth=2026-01')).flag).toBe(1);
    expect(await monthly(a.sessionId, 'startMonth=2026-13')).toMatchObject({ flag: 0, errorCode: MONTHLY_ERRORS.badMonth.code });
    expect(await monthly(a.sessionId, 'startMonth=2026-05&endMonth=2026-04')).toMatchObject({
      errorCode: REPORT_ERRORS.endBeforeStart.code,
    });
    expect(await monthly(b.sessionId, `startMonth=2026-03&endMonth=2026-05&vehicleId=${vehicleId}`)).toMatchObject({
      flag: 0,
      msg: '车辆不存在或无权访问',
    });
    const foreign = await monthly(b.sessionId, 'startMonth=2026-03&endMonth=2026-05');
    expect(foreign.obj).toMatchObject({ total: 0, list: [], totals: { mileageKm: 0, vehicles: 0 } });
    // Without months: the last six, this month included.
    const recent = await monthly(a.sessionId, `vehicleId=${vehicleId}`);
    expect(recent.obj.months).toHaveLength(6);
  });

  it('counts months', () => {
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-11', 2)).toBe('2027-01');
  });

  it('reads finished months from the monthly rollup, with the same figures as their days', async () => {
    const query = 'startMonth=2026-03&endMonth=2026-05';
    const fromDays = (await monthly(a.sessionId, query)).obj;
    // Every day of March and April final: those two months are summed per terminal (May is not finished).
    await t.ctx.db
      .query(`INSERT INTO daily_rollup_days (day, rolled_up_at, final) SELECT d::date, now(), true FROM generate_series('2026-03-01'::date, '2026-04-30', interval '1 day') d
                          ON CONFLICT (day) DO UPDATE SET final = true`);
    expect(await rollupFinishedMonths(t.ctx.db, ['2026-03-31', '2026-04-30', '2026-05-02'], true)).toEqual(['2026-03-01', '2026-04-01']);
    const fromMonths = (await monthly(a.sessionId, query)).obj;
    expect(fromMonths).toEqual(fromDays);
    // The totals read the monthly rows now: a day changed around the rollup is not seen until its month is summed again.
    await t.ctx.db.query(`UPDATE daily_terminal_stats SET mileage_km = mileage_km + 100 WHERE day = '2026-03-01'`);
    try {
      expect((await monthly(a.sessionId, query)).obj.totals).toEqual(fromDays.totals);
      await rollupFinishedMonths(t.ctx.db, ['2026-03-01'], true);
      expect((await monthly(a.sessionId, query)).obj.totals.mileageKm).toBeCloseTo(fromDays.totals.mileageKm + 100, 2);
    } finally {
      await t.ctx.db.query(`UPDATE daily_terminal_stats SET mileage_km = mileage_km - 100 WHERE day = '2026-03-01'`);
      await rollupFinishedMonths(t.ctx.db, ['2026-03-01'], true);
    }
    // A tenant's month of a hand-over is read from its days (the first ones were the previous owner's).
    await t.ctx.db.query(`UPDATE terminals SET assigned_at = '2026-03-15T00:00:00Z'`);
    try {
      const handedOver = (await monthly(a.sessionId, query)).obj;
      await t.ctx.db.query('DELETE FROM monthly_rollup_months');
      expect(handedOver).toEqual((await monthly(a.sessionId, query)).obj);
      expect(handedOver.months[0].mileageKm).toBe(20.25);
    } finally {
      await t.ctx.db.query(`UPDATE terminals SET assigned_at = '2026-01-01T00:00:00Z'`);
    }
  });
});

describe('the online rate of a vehicle added today', () => {
  it('counts from the hand-over, not from the month or the day: a fleet added this afternoon and online since is 100 %, on every view', async () => {
    const add = await t.call(a.sessionId, {
      method: 'POST',
      url: '/car/v4/api/vehicle/add.json',
      ...form({ plate: '粤B70003', terminalId: '13870000003', protocol: 'jt808' }),
    });
    const newVehicle = add.json().obj.vehicleId as number;
    const pk = (await t.ctx.db.one<{ id: number }>(`SELECT id FROM terminals WHERE identifier_key = '13870000003'`))!.id;
    const now = Date.now();
    const today = beijingDayOf(now);
    // Handed over halfway through today so far; online since before (its stock test run): only the new owner's half counts.
    const handedOver = new Date(Math.round((beijingDayStart(today) + now) / 2));
    await t.ctx.db.query('UPDATE terminals SET assigned_at = $2 WHERE id = $1', [pk, handedOver]);
    await t.ctx.db.query('INSERT INTO presence_events (terminal_id, at, online) VALUES ($1, $2, true)', [
      pk,
      new Date(beijingDayStart(today) - 3600_000),
    ]);
    await backfill(t.ctx.db, today, today, now);
    const row = await t.ctx.db.one<{ online_seconds: number; elapsed_seconds: number; first_online_at: Date }>(
      `SELECT online_seconds, elapsed_seconds, first_online_at FROM daily_terminal_stats WHERE terminal_id = $1 AND day = $2::date`,
      [pk, today],
    );
    expect(row).toMatchObject({
      online_seconds: Math.round((now - handedOver.getTime()) / 1000),
      elapsed_seconds: Math.round((now - handedOver.getTime()) / 1000),
    });
    expect(row!.first_online_at.getTime()).toBe(handedOver.getTime());

    const thisMonth = today.slice(0, 7);
    for (const sid of [a.sessionId, await t.login()]) {
      const res = (await monthly(sid, `vehicleId=${newVehicle}&startMonth=${addMonths(thisMonth, -2)}&endMonth=${thisMonth}`)).obj;
      expect(res.list.map((r: { month: string; onlineRate: number }) => [r.month, r.onlineRate])).toEqual([
        [thisMonth, 1],
        [addMonths(thisMonth, -1), null],
        [addMonths(thisMonth, -2), null],
      ]);
      expect(res.totals.onlineRate).toBe(1);
      expect(res.months.at(-1).onlineRate).toBe(1);
      // 在线明细 rates the same way: today 100 %, and the week's total too (the days before the vehicle existed count nothing).
      const daily = await get(sid, `/car/v1/accelerate/report/online/dayOnline.json?vehicleId=${newVehicle}`);
      expect(daily.obj.list[0]).toMatchObject({ day: today, onlineRate: 1 });
      // The days before it rate nothing at all: no 0.00 % for a vehicle that did not exist yet.
      expect(daily.obj.list.slice(1).map((r: { onlineRate: number | null }) => r.onlineRate)).toEqual([null, null, null, null, null, null]);
      expect(daily.obj.totals.onlineRate).toBe(1);
    }
  });
});
