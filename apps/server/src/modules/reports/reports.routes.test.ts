import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { distanceMeters } from '@chelian/geo/coords.ts';
import { beijingDayStart } from '@chelian/contracts/beijingTime.ts';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { ingestQueries, type StoredPosition } from '../../gateway/ingest.queries.ts';
import { EXPORT_ERRORS, REPORT_ERRORS } from '@chelian/contracts';
import { EXPORT_KINDS } from '../exports/exportKinds.ts';
import { ExportsService } from '../exports/exports.service.ts';
import { backfill } from './rollup.service.ts';
import type { AlarmType } from '@chelian/protocols/alarms.ts';

let t: TestServer;
let admin: string;
let a: Tenant;
let b: Tenant;
let mileageOnly: Tenant;
let subAccount: Tenant;
let vehicleId: number;
let otherVehicleId: number;
let groupId: number;
let terminalPk: number;
let otherTerminalPk: number;
let expectedKm: number;

const bj = (hhmmss: string, day = '2026-05-02') => Date.parse(`${day}T${hhmmss}+08:00`);
const get = (sid: string, url: string) => t.call(sid, { url }).then((r) => r.json());
const point = (gpsTime: number, lat: number, speed: number, terminal = terminalPk): StoredPosition => ({
  terminalPk: terminal,
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

beforeAll(async () => {
  t = await createTestServer();
  admin = await t.login();
  a = await createTenant(t, { codes: 'all' });
  b = await createTenant(t, { codes: 'all' });
  mileageOnly = await createTenant(t, { codes: ['report:mileage'], parentAccountId: a.accountId });
  subAccount = await createTenant(t, { codes: 'all', parentAccountId: a.accountId });
  groupId = (await t.call(a.sessionId, { method: 'POST', url: '/car/v4/api/group/add.json', ...form({ name: '城区配送' }) })).json().obj
    .groupId;
  const add = (plate: string, terminalId: string, group?: number) =>
    t
      .call(a.sessionId, {
        method: 'POST',
        url: '/car/v4/api/vehicle/add.json',
        ...form({ plate, terminalId, protocol: 'jt808', ...(group ? { groupId: group } : {}) }),
      })
      .then((r) => r.json().obj.vehicleId as number);
  vehicleId = await add('粤B80001', '13880000001', groupId);
  otherVehicleId = await add('粤B80002', '13880000002');
  terminalPk = (await t.ctx.db.one<{ id: number }>(`SELECT id FROM terminals WHERE identifier_key = '13880000001'`))!.id;
  otherTerminalPk = (await t.ctx.db.one<{ id: number }>(`SELECT id FROM terminals WHERE identifier_key = '13880000002'`))!.id;
  // The tenant has had the terminal since before the track (a hand-over later would hide it).
  await t.ctx.db.query(`UPDATE terminals SET assigned_at = '2026-01-01T00:00:00Z'`);

  // 08:00–08:10 Beijing on 05-02 going north at 40 km/h, one fix every 10 s; one fix early on 05-03.
  const track = Array.from({ length: 61 }, (_, i) => point(bj('08:00:00') + i * 10_000, 22.5 + i * 0.001, 40));
  expectedKm = track.slice(1).reduce((s, p, i) => s + distanceMeters([p.lon, track[i].lat], [p.lon, p.lat]), 0) / 1000;
  await ingestQueries.copyPositions(t.ctx.db, [...track, point(bj('00:00:10', '2026-05-03'), 22.6, 0)]);
  // The other vehicle stands 12:00–12:20:30 (a fix a minute, moving again at 12:20:30 and still at
  // 12:26: a movement of over 300 s, which ends a stay however short its distance) and 13:00–13:02.
  const other = (at: number, speed: number) => point(at, 22.55, speed, otherTerminalPk);
  await ingestQueries.copyPositions(t.ctx.db, [
    ...Array.from({ length: 21 }, (_, i) => other(bj('12:00:00') + i * 60_000, 0)),
    other(bj('12:20:30'), 20),
    other(bj('12:26:00'), 20),
    other(bj('13:00:00'), 0),
    other(bj('13:01:00'), 1),
    other(bj('13:02:00'), 15),
  ]);
  const alarm = (type: AlarmType, at: number) => ({
    terminalPk,
    accountId: a.accountId,
    vehicleId,
    type,
    alarmTime: at,
    lat: 22.53,
    lon: 114.05,
    speed: 40,
  });
  await ingestQueries.insertAlarms(t.ctx.db, [
    alarm('overspeed', bj('08:05:00')),
    alarm('overspeed', bj('08:06:00')),
    alarm('sos', bj('23:59:59')),
    alarm('sos', bj('00:00:00', '2026-05-03')),
  ]);
  await t.ctx.db.query(`INSERT INTO presence_events (terminal_id, at, online) VALUES ($1, $2, true), ($1, $3, false), ($1, $4, true)`, [
    terminalPk,
    new Date(bj('07:30:00')),
    new Date(bj('09:30:00')),
    new Date(bj('18:00:00')),
  ]);
  await backfill(t.ctx.db, '2026-05-01', '2026-05-03');
});
afterAll(async () => {
  await t?.close();
});

const range = 'startDate=2026-05-01&endDate=2026-05-03';

describe('mileage report', () => {
  it('lists every vehicle × day with its figures and the totals of the whole range', async () => {
    const res = await get(a.sessionId, `/car/v1/accelerate/report/mileage/dayMileage.json?${range}&pageSize=2`);
    expect(res.flag).toBe(1);
    expect(res.obj).toMatchObject({
      total: 6,
      current: 1,
      pageSize: 2,
      totals: { mileageKm: Math.round(expectedKm * 100) / 100, drivingSeconds: 600, maxSpeed: 40, alarmCount: 4 },
    });
    expect(res.obj.list.map((r: { day: string; plate: string }) => `${r.day} ${r.plate}`)).toEqual([
      '2026-05-03 粤B80001',
      '2026-05-03 粤B80002',
    ]);

    const mine = await get(a.sessionId, `/car/v1/accelerate/report/mileage/dayMileage.json?${range}&vehicleId=${vehicleId}`);
    expect(mine.obj.total).toBe(3);
    expect(mine.obj.list[1]).toEqual({
      vehicleId,
      plate: '粤B80001',
      name: '粤B80001',
      groupName: '城区配送',
      accountName: expect.any(String),
      terminalId: '013880000001',
      day: '2026-05-02',
      mileageKm: Math.round(expectedKm * 100) / 100,
      mileageSource: 'gps',
      drivingSeconds: 600,
      maxSpeed: 40,
      firstPositionAt: bj('08:00:00'),
      lastPositionAt: bj('08:10:00'),
      positionCount: 61,
      alarmCount: 3,
    });
    expect(expectedKm).toBeCloseTo(6.672, 2);
    // 00:00:10 Beijing on 05-03 is still 05-02 in UTC: it belongs to 05-03.
    expect(mine.obj.list[0]).toMatchObject({ day: '2026-05-03', positionCount: 1, mileageKm: 0, alarmCount: 1 });
    expect(mine.obj.list[2]).toMatchObject({ day: '2026-05-01', positionCount: 0, mileageSource: '', firstPositionAt: null });
  });

  it('filters by group, account and keyword', async () => {
    const byGroup = await get(a.sessionId, `/car/v1/accelerate/report/mileage/dayMileage.json?${range}&groupId=${groupId}`);
    expect(new Set(byGroup.obj.list.map((r: { vehicleId: number }) => r.vehicleId))).toEqual(new Set([vehicleId]));
    const byKeyword = await get(a.sessionId, `/car/v1/accelerate/report/mileage/dayMileage.json?${range}&keyword=80002`);
    expect(byKeyword.obj.list.every((r: { vehicleId: number }) => r.vehicleId === otherVehicleId)).toBe(true);
    expect((await get(a.sessionId, `/car/v1/accelerate/report/mileage/dayMileage.json?${range}&accountId=${a.accountId}`)).obj.total).toBe(
      6,
    );
    expect((await get(admin, `/car/v1/accelerate/report/mileage/dayMileage.json?${range}&accountId=${a.accountId}`)).obj.total).toBe(6);
  });
});

describe('daily online detail', () => {
  it('gives online time, first online, last offline and the rate per vehicle and day', async () => {
    const res = await get(a.sessionId, `/car/v1/accelerate/report/online/dayOnline.json?${range}&vehicleId=${vehicleId}`);
    const [d3, d2, d1] = res.obj.list;
    // online 07:30–09:30 and 18:00–24:00 on 05-02, all of 05-03 (to the end of the data: the day is over)
    expect(d2).toMatchObject({
      day: '2026-05-02',
      onlineSeconds: 8 * 3600,
      firstOnlineAt: bj('07:30:00'),
      lastOfflineAt: bj('09:30:00'),
      onlineRate: 0.3333,
    });
    expect(d3).toMatchObject({
      day: '2026-05-03',
      onlineSeconds: 86_400,
      firstOnlineAt: beijingDayStart('2026-05-03'),
      lastOfflineAt: null,
      onlineRate: 1,
    });
    expect(d1).toMatchObject({ day: '2026-05-01', onlineSeconds: 0, firstOnlineAt: null, onlineRate: 0 });
    expect(res.obj.totals).toEqual({ onlineSeconds: 32 * 3600, onlineRate: 0.4444 });
  });
});

describe('stay report', () => {
  const stays = (sid: string, extra = '') => get(sid, `/car/v1/accelerate/report/stay/stayReport.json?${range}${extra}`);
  it('lists each stay of at least 5 minutes by default: where, from, to, how long', async () => {
    const res = await stays(a.sessionId);
    expect(res.obj).toEqual({
      total: 1,
      current: 1,
      pageSize: 10,
      totals: { stays: 1, seconds: 1230, vehicles: 1 },
      list: [
        {
          vehicleId: otherVehicleId,
          plate: '粤B80002',
          name: '粤B80002',
          groupName: '',
          accountName: expect.any(String),
          terminalId: '013880000002',
          day: '2026-05-02',
          startAt: bj('12:00:00'),
          endAt: bj('12:20:30'),
          seconds: 1230,
          lon: 114.05,
          lat: 22.55,
          open: false,
        },
      ],
    });
    const short = await stays(a.sessionId, '&minMinutes=1');
    expect(short.obj.list.map((r: { startAt: number; seconds: number }) => [r.startAt, r.seconds])).toEqual([
      [bj('12:00:00'), 1230],
      [bj('13:00:00'), 120],
    ]);
    expect(short.obj.totals).toEqual({ stays: 2, seconds: 1350, vehicles: 1 });
    expect((await stays(a.sessionId, `&vehicleId=${vehicleId}&minMinutes=1`)).obj.total).toBe(0); // it drove, then its stop at 00:00:10 lasted no time
    expect((await stays(a.sessionId, '&minMinutes=30')).obj.total).toBe(0);
    expect((await t.call(a.sessionId, { url: `/car/v1/accelerate/report/stay/stayReport.json?minMinutes=0` })).statusCode).toBe(400);
  });
});

describe('alarm info', () => {
  it('counts alarms by type per vehicle and lists them for the Beijing days asked', async () => {
    const stats = await get(a.sessionId, `/car/v1/accelerate/report/alarm/alarmStatistics.json?startDate=2026-05-02&endDate=2026-05-02`);
    expect(stats.obj).toMatchObject({
      total: 1,
      list: [
        {
          vehicleId,
          plate: '粤B80001',
          total: 3,
          types: [
            { type: 'overspeed', typeName: '终端超速报警', count: 2 },
            { type: 'sos', count: 1 },
          ],
        },
      ],
      totals: {
        total: 3,
        types: [
          { type: 'overspeed', count: 2 },
          { type: 'sos', count: 1 },
        ],
      },
    });
    const list = await get(
      a.sessionId,
      `/car/v1/accelerate/report/alarm/alarmDetail.json?startDate=2026-05-02&endDate=2026-05-02&vehicleId=${vehicleId}`,
    );
    expect(list.obj.total).toBe(3); // 00:00:00 on 05-03 Beijing is the next day's
    expect(list.obj.list[0]).toMatchObject({ type: 'sos', alarmTime: bj('23:59:59'), plate: '粤B80001' });
    const sosOnly = await get(a.sessionId, `/car/v1/accelerate/report/alarm/alarmDetail.json?${range}&types=sos&groupId=${groupId}`);
    expect(sosOnly.obj.total).toBe(2);
  });
});

describe('tenants, permissions and bad input', () => {
  it('keeps each tenant to its own vehicles', async () => {
    expect(await get(b.sessionId, `/car/v1/accelerate/report/mileage/dayMileage.json?${range}`)).toMatchObject({
      flag: 1,
      obj: { total: 0, list: [] },
    });
    expect((await get(b.sessionId, `/car/v1/accelerate/report/alarm/alarmDetail.json?${range}`)).obj.total).toBe(0);
    const paths = [
      'mileage/dayMileage.json',
      'online/dayOnline.json',
      'alarm/alarmStatistics.json',
      'alarm/alarmDetail.json',
      'stay/stayReport.json',
    ];
    for (const path of paths) {
      const url = `/car/v1/accelerate/report/${path}?${range}&minMinutes=1`;
      // Without filters another tenant's vehicles are simply not there; naming one is refused in Chinese.
      expect((await get(b.sessionId, url)).obj).toMatchObject({ total: 0, list: [] });
      expect(await get(b.sessionId, `${url}&vehicleId=${vehicleId}`)).toMatchObject({ flag: 0, msg: '车辆不存在或无权访问' });
      expect(await get(b.sessionId, `${url}&groupId=${groupId}`)).toMatchObject({
        flag: 0,
        errorCode: REPORT_ERRORS.groupNotVisible.code,
        msg: '分组不存在或无权访问',
      });
      expect(await get(b.sessionId, `${url}&accountId=${a.accountId}`)).toMatchObject({ flag: 0, msg: '账户不存在或无权访问' });
      expect((await get(a.sessionId, url)).obj.total).toBeGreaterThan(0);
    }
    // A sub-account sees only its own (empty) part of the parent's data, the alarm list included.
    for (const path of paths)
      expect((await get(subAccount.sessionId, `/car/v1/accelerate/report/${path}?${range}&minMinutes=1`)).obj.total).toBe(0);
    // The account filter narrows the alarm list like the other reports: to that account and below.
    const alarmsOf = async (accountId: number) =>
      (await get(a.sessionId, `/car/v1/accelerate/report/alarm/alarmDetail.json?${range}&accountId=${accountId}`)).obj.total;
    expect([await alarmsOf(a.accountId), await alarmsOf(subAccount.accountId)]).toEqual([4, 0]);
    expect((await get(b.sessionId, `/car/v1/accelerate/report/mileage/dayMileage.json?${range}&groupId=${groupId}`)).msg).toBe(
      '分组不存在或无权访问',
    );
    expect((await get(b.sessionId, `/car/v1/accelerate/report/mileage/dayMileage.json?${range}&accountId=${a.accountId}`)).msg).toBe(
      '账户不存在或无权访问',
    );
    expect((await get(admin, `/car/v1/accelerate/report/mileage/dayMileage.json?${range}&vehicleId=${vehicleId}`)).obj.total).toBe(3);
  });

  it('answers each report only to roles that hold its menu', async () => {
    expect((await get(mileageOnly.sessionId, `/car/v1/accelerate/report/mileage/dayMileage.json?${range}`)).flag).toBe(1);
    const online = await t.call(mileageOnly.sessionId, { url: `/car/v1/accelerate/report/online/dayOnline.json?${range}` });
    expect(online.json()).toMatchObject({ flag: 0, msg: '没有该操作的权限' });
  });

  it('refuses bad dates, long ranges and junk in Chinese', async () => {
    const url = '/car/v1/accelerate/report/mileage/dayMileage.json';
    const junk = await t.call(a.sessionId, { url: `${url}?startDate=yesterday&endDate=2026-05-01` });
    expect(junk.statusCode).toBe(400);
    expect(junk.json()).toMatchObject({ errorCode: REPORT_ERRORS.badDay.code, msg: '请求参数错误：startDate 日期格式应为 YYYY-MM-DD' });
    expect((await get(a.sessionId, `${url}?startDate=2026-02-30&endDate=2026-03-01`)).msg).toContain('日期格式');
    expect(await get(a.sessionId, `${url}?startDate=2026-04-01&endDate=2026-05-02`)).toMatchObject({
      errorCode: REPORT_ERRORS.rangeTooLong.code,
      msg: '查询时间范围不能超过31天',
    });
    expect(await get(a.sessionId, `${url}?startDate=2026-05-03&endDate=2026-05-02`)).toMatchObject({
      errorCode: REPORT_ERRORS.endBeforeStart.code,
      msg: '结束日期不能早于开始日期',
    });
    const badId = await t.call(a.sessionId, { url: `${url}?vehicleId=abc` });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().msg).toContain('vehicleId');
    expect((await get(a.sessionId, `${url}?startDate=2026-04-02&endDate=2026-05-02`)).flag).toBe(1); // 31 days is allowed
  });
});

describe('Excel export through the download centre', () => {
  it('queues each report with its filters and writes the same figures', async () => {
    const params = JSON.stringify({ startDate: '2026-05-02', endDate: '2026-05-02', vehicleId });
    const queue = (sid: string, reportType: string) =>
      t
        .call(sid, { method: 'POST', url: '/car/v1/accelerate/export/exportDataReport.json', ...form({ reportType, params }) })
        .then((r) => r.json());
    const jobs = [
      await queue(a.sessionId, 'mileageReport'),
      await queue(a.sessionId, 'carDayOnline'),
      await queue(a.sessionId, 'alarmInfo'),
    ];
    expect(jobs.map((j) => j.obj.name)).toEqual(['里程报表', '在线明细', '报警明细']);
    const stayJob = await t
      .call(a.sessionId, {
        method: 'POST',
        url: '/car/v1/accelerate/export/exportDataReport.json',
        ...form({ reportType: 'stayReport', params: JSON.stringify({ startDate: '2026-05-02', endDate: '2026-05-02', minMinutes: '1' }) }),
      })
      .then((r) => r.json());
    expect(stayJob.obj.name).toBe('停留报表');
    expect(await queue(b.sessionId, 'mileageReport')).toMatchObject({ flag: 0, msg: '车辆不存在或无权访问' });
    expect(await queue(mileageOnly.sessionId, 'mileageReport')).toMatchObject({ flag: 0, msg: '没有该操作的权限' }); // no report:export
    const queueWith = (p: object) =>
      t
        .call(a.sessionId, {
          method: 'POST',
          url: '/car/v1/accelerate/export/exportDataReport.json',
          ...form({ reportType: 'carDayOnline', params: JSON.stringify(p) }),
        })
        .then((r) => r.json());
    expect(await queueWith({ vehicleId: 'x' })).toMatchObject({ errorCode: EXPORT_ERRORS.badParams.code, msg: '报表参数格式错误' });
    const badStay = await t.call(a.sessionId, {
      method: 'POST',
      url: '/car/v1/accelerate/export/exportDataReport.json',
      ...form({ reportType: 'stayReport', params: JSON.stringify({ minMinutes: 0 }) }),
    });
    expect(badStay.json().msg).toBe('报表参数格式错误');
    expect((await queueWith({ startDate: '2026-01-01', endDate: '2026-03-01' })).msg).toBe('查询时间范围不能超过31天');
    const exports = new ExportsService(t.ctx, EXPORT_KINDS);
    while (await exports.runNext()) {
      /* drain */
    }

    const sheet = async (id: number) => {
      const file = await t.call(a.sessionId, { url: `/car/v1/accelerate/export/download.json?id=${id}` });
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
      return book.worksheets[0]
        .getSheetValues()
        .slice(1)
        .map((row) => (row as unknown[]).slice(1));
    };
    const mileage = await sheet(jobs[0].obj.id);
    expect(mileage[0].slice(0, 7)).toEqual(['日期', '车牌号', '名称', '设备号', '分组', '所属账户', '里程(km)']);
    expect(mileage[1]).toEqual([
      '2026-05-02',
      '粤B80001',
      '粤B80001',
      '013880000001',
      '城区配送',
      expect.any(String),
      Math.round(expectedKm * 100) / 100,
      '轨迹计算',
      '10分0秒',
      40,
      '2026-05-02 08:00:00',
      '2026-05-02 08:10:00',
      61,
      3,
    ]);
    const online = await sheet(jobs[1].obj.id);
    expect(online[1].slice(6)).toEqual(['8小时0分0秒', '2026-05-02 07:30:00', '2026-05-02 09:30:00', '33.33%']);
    const alarms = await sheet(jobs[2].obj.id);
    const stays = await sheet(stayJob.obj.id);
    expect(stays[0]).toEqual([
      '日期',
      '车牌号',
      '名称',
      '设备号',
      '分组',
      '所属账户',
      '开始时间',
      '结束时间',
      '停留时长',
      '经度',
      '纬度',
      '地址',
    ]);
    expect(stays.slice(1).map((r) => [r[1], ...r.slice(6)])).toEqual([
      ['粤B80002', '2026-05-02 12:00:00', '2026-05-02 12:20:30', '20分30秒', 114.05, 22.55, expect.stringMatching(/^广东省深圳市/)],
      ['粤B80002', '2026-05-02 13:00:00', '2026-05-02 13:02:00', '2分0秒', 114.05, 22.55, expect.stringMatching(/^广东省深圳市/)],
    ]);
    expect(alarms.slice(1).map((r) => [r[0], r[3]])).toEqual([
      ['2026-05-02 23:59:59', '紧急报警'],
      ['2026-05-02 08:06:00', '终端超速报警'],
      ['2026-05-02 08:05:00', '终端超速报警'],
    ]);
  });
});
