import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, beijingDayOf, beijingDayStart, DAY_MS } from '@chelian/contracts/beijingTime.ts';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { ingestQueries, type StoredPosition } from '../../gateway/ingest.queries.ts';
import { backfill } from './rollup.service.ts';
import type { AlarmType } from '@chelian/protocols/alarms.ts';

/**
 * Every report's summary cards are the totals of its own rows for the same filter, and its
 * 共 N 条 is its rows: walked over every report endpoint of 数据报表 on one seeded fleet (two
 * days ago rolled up final, and today's last minutes not rolled up at all).
 */
let t: TestServer;
let a: Tenant;
const terminals: number[] = [];
const vehicles: number[] = [];
const now = Date.now();
const today = beijingDayOf(now);
const past = addDays(today, -2);
const range = `startDate=${addDays(today, -3)}&endDate=${today}`;

const get = async (path: string, query = '') => {
  const res = await t.call(a.sessionId, { url: `/car/v1/accelerate/report/${path}?pageSize=500&${query}` });
  const body = res.json();
  expect(body.flag, `${path}: ${body.msg}`).toBe(1);
  return body.obj;
};
const sum = <R>(rows: R[], f: (r: R) => number) => rows.reduce((s, r) => s + f(r), 0);
const distinct = <R>(rows: R[], f: (r: R) => unknown) => new Set(rows.map(f)).size;
/** Per type, summed over rows that each carry [{ type, count }]. */
const typeSums = (lists: Array<Array<{ type: string; count: number }>>) => {
  const out: Record<string, number> = {};
  for (const list of lists) for (const x of list) out[x.type] = (out[x.type] ?? 0) + x.count;
  return out;
};
const typeMap = (list: Array<{ type: string; count: number }>) => Object.fromEntries(list.map((x) => [x.type, x.count]));

const at = (hhmm: string, day = past) => Date.parse(`${day}T${hhmm}:00+08:00`);

/** A drive of `legs` ([seconds, km/h, acc]), a fix every 10 s, going north from lat0. */
function drive(terminalPk: number, start: number, lat0: number, legs: Array<[number, number, boolean]>): StoredPosition[] {
  const out: StoredPosition[] = [];
  let time = start;
  let lat = lat0;
  for (const [seconds, speed, acc] of legs) {
    for (let s = 0; s < seconds; s += 10) {
      out.push({
        terminalPk,
        gpsTime: time,
        receivedAt: Math.min(time, now),
        lat,
        lon: 114.02,
        speed,
        course: 0,
        altitude: 0,
        valid: true,
        satellites: 9,
        acc,
        mileage: null,
        alarms: [],
        extras: null,
      });
      time += 10_000;
      lat += (speed / 3600) * 10 * (1 / 111.2);
    }
  }
  return out;
}

async function store(fixes: StoredPosition[]) {
  await ingestQueries.copyPositions(t.ctx.db, fixes);
  await ingestQueries.upsertLatest(t.ctx.db, fixes.slice(-1));
}

beforeAll(async () => {
  t = await createTestServer();
  a = await createTenant(t, { codes: 'all' });
  const group = (await t.call(a.sessionId, { method: 'POST', url: '/car/v4/api/group/add.json', ...form({ name: '汇总车队' }) })).json().obj
    .groupId as number;
  for (const [i, plate] of ['粤B5S001', '粤B5S002', '粤B5S003'].entries()) {
    const identifier = `1385550000${i + 1}`;
    const res = await t.call(a.sessionId, {
      method: 'POST',
      url: '/car/v4/api/vehicle/add.json',
      ...form({ plate, terminalId: identifier, protocol: 'jt808', ...(i === 0 ? { groupId: group } : {}) }),
    });
    vehicles.push(res.json().obj.vehicleId);
    terminals.push((await t.ctx.db.one<{ id: number }>('SELECT id FROM terminals WHERE identifier_key = $1', [identifier]))!.id);
  }
  await t.ctx.db.query(`UPDATE terminals SET assigned_at = $2 WHERE id = ANY($1::bigint[])`, [
    terminals,
    new Date(at('00:00', addDays(today, -20))),
  ]);
  // Two days ago: a stand, a drive with 2 minutes at 120 km/h (over the default 100), a stand; the second vehicle at noon.
  await store(
    drive(terminals[0], at('08:00'), 22.5, [
      [360, 0, false],
      [300, 40, true],
      [120, 120, true],
      [180, 40, true],
      [420, 0, false],
    ]),
  );
  await store(
    drive(terminals[1], at('12:00'), 22.6, [
      [600, 0, false],
      [600, 30, true],
      [400, 0, false],
    ]),
  );
  // Alarms two days ago and today; two of them handled.
  const alarm = (i: number, type: AlarmType, time: number) => ({
    terminalPk: terminals[i],
    accountId: a.accountId,
    vehicleId: vehicles[i],
    type,
    alarmTime: time,
    lat: 22.5,
    lon: 114.02,
    speed: 0,
  });
  const ids = await ingestQueries.insertAlarms(t.ctx.db, [
    alarm(0, 'overspeed', at('08:11')),
    alarm(0, 'overspeed', at('08:12')),
    alarm(0, 'sos', at('08:30')),
    alarm(1, 'lowVoltage', at('12:15')),
    alarm(1, 'sos', now - 120_000),
  ]);
  const handled = await t.call(a.sessionId, {
    method: 'POST',
    url: '/car/v1/api/monitor/processAlarm',
    ...form({ alarmIds: ids.slice(0, 2).join(','), note: '已处理' }),
  });
  expect(handled.json().flag).toBe(1);
  await t.ctx.db.query(
    `INSERT INTO presence_events (terminal_id, at, online) VALUES ($1, $2, true), ($1, $3, false), ($4, $5, true), ($4, $6, false)`,
    [terminals[0], new Date(at('07:50')), new Date(at('09:00')), terminals[1], new Date(at('11:55')), new Date(at('12:40'))],
  );
  // Offline now: two seen before, the third never; services: one ended 3 days ago, one ends in 10 days.
  await t.ctx.db.query(`UPDATE terminals SET online = false, last_seen_at = $2 WHERE id = ANY($1::bigint[])`, [
    terminals.slice(0, 2),
    new Date(at('12:40')),
  ]);
  await t.ctx.db.query(`UPDATE terminals SET service_expires_at = $2 WHERE id = $1`, [terminals[1], new Date(now - 3 * DAY_MS)]);
  await t.ctx.db.query(`UPDATE terminals SET service_expires_at = $2 WHERE id = $1`, [terminals[2], new Date(now + 10 * DAY_MS)]);
  await backfill(t.ctx.db, addDays(today, -3), addDays(today, -1));
  // Today: the first vehicle's last minutes, never rolled up (the report brings today up to date).
  const from = Math.max(beijingDayStart(today) + 1000, now - 6 * 60_000);
  await store(drive(terminals[0], from, 22.7, [[Math.floor((now - from) / 1000) - 10, 36, true]]));
});
afterAll(async () => {
  await t?.close();
});

describe('every report: summary = the totals of its rows, 共 N 条 = its rows', () => {
  it('里程报表, with 报警明细 counting the same alarms', async () => {
    const r = await get('mileage/dayMileage.json', range);
    expect(r.total).toBe(r.list.length);
    expect(r.list.length).toBe(3 * 4);
    expect(r.totals.mileageKm).toBeCloseTo(
      sum(r.list, (x: { mileageKm: number }) => x.mileageKm),
      6,
    );
    expect(r.totals.mileageKm).toBeGreaterThan(0);
    expect(r.totals.drivingSeconds).toBe(sum(r.list, (x: { drivingSeconds: number }) => x.drivingSeconds));
    expect(r.totals.maxSpeed).toBe(Math.max(...r.list.map((x: { maxSpeed: number }) => x.maxSpeed)));
    expect(r.totals.alarmCount).toBe(sum(r.list, (x: { alarmCount: number }) => x.alarmCount));
    // today is not 0: its positions count before any pass of the jobs role
    expect(
      r.list.find((x: { day: string; vehicleId: number }) => x.day === today && x.vehicleId === vehicles[0]).mileageKm,
    ).toBeGreaterThan(0);
    expect(r.totals.alarmCount).toBe((await get('alarm/alarmDetail.json', range)).total);
  });

  it('在线明细', async () => {
    const r = await get('online/dayOnline.json', range);
    expect(r.total).toBe(r.list.length);
    expect(r.totals.onlineSeconds).toBe(sum(r.list, (x: { onlineSeconds: number }) => x.onlineSeconds));
    expect(r.totals.onlineSeconds).toBeGreaterThan(0);
  });

  it('报警明细: its cards, its 统计 tab and its list are one count, with or without a type filter', async () => {
    for (const query of [range, `${range}&types=sos`, `${range}&vehicleId=${vehicles[0]}`]) {
      const stats = await get('alarm/alarmStatistics.json', query);
      const list = await get('alarm/alarmDetail.json', query);
      expect(list.total).toBe(list.list.length);
      expect(stats.total).toBe(stats.list.length);
      expect(stats.totals.total).toBe(list.total);
      expect(stats.totals.total).toBe(sum(stats.list, (x: { total: number }) => x.total));
      expect(typeMap(stats.totals.types)).toEqual(typeSums(stats.list.map((x: { types: never[] }) => x.types)));
      expect(typeMap(stats.totals.types)).toEqual(
        list.list.reduce((m: Record<string, number>, x: { type: string }) => ({ ...m, [x.type]: (m[x.type] ?? 0) + 1 }), {}),
      );
    }
    expect((await get('alarm/alarmStatistics.json', range)).totals.total).toBe(5);
  });

  it('停留报表 and 行程报表', async () => {
    for (const path of ['stay/stayReport.json', 'trip/tripReport.json']) {
      const r = await get(path, `${range}&minMinutes=1`);
      const n = path.startsWith('stay') ? r.totals.stays : r.totals.trips;
      expect(n, path).toBeGreaterThan(0);
      expect(r.total).toBe(n);
      expect(r.list.length).toBe(n);
      expect(r.totals.seconds).toBe(sum(r.list, (x: { seconds: number }) => x.seconds));
      expect(r.totals.vehicles).toBe(distinct(r.list, (x: { vehicleId: number }) => x.vehicleId));
    }
  });

  it('超速报表 and ACC报表', async () => {
    const o = await get('overspeed/overspeedReport.json', range);
    expect(o.totals.episodes).toBe(1);
    expect([o.total, o.list.length]).toEqual([o.totals.episodes, o.totals.episodes]);
    expect(o.totals.seconds).toBe(sum(o.list, (x: { seconds: number }) => x.seconds));
    expect(o.totals.vehicles).toBe(distinct(o.list, (x: { vehicleId: number }) => x.vehicleId));
    expect(o.totals.maxSpeed).toBe(Math.max(...o.list.map((x: { maxSpeed: number }) => x.maxSpeed)));

    const acc = await get('acc/accReport.json', range);
    expect(acc.total).toBe(acc.list.length);
    type Row = { acc: boolean; seconds: number; vehicleId: number };
    expect(acc.totals.onSeconds).toBe(sum(acc.list as Row[], (x) => (x.acc ? x.seconds : 0)));
    expect(acc.totals.offSeconds).toBe(sum(acc.list as Row[], (x) => (x.acc ? 0 : x.seconds)));
    expect(acc.totals.vehicles).toBe(distinct(acc.list as Row[], (x) => x.vehicleId));
    expect(acc.totals.starts).toBe(sum(acc.vehicles, (v: { starts: number }) => v.starts));
    expect(acc.totals.onSeconds).toBe(sum(acc.vehicles, (v: { onSeconds: number }) => v.onSeconds));
  });

  it('月度汇总: the totals and each month are the sums of the rows', async () => {
    const month = today.slice(0, 7);
    const first = addDays(today, -3).slice(0, 7);
    const r = await get('monthly/monthlyReport.json', `startMonth=${first}&endMonth=${month}`);
    expect(r.total).toBe(r.list.length);
    type Row = { month: string; mileageKm: number; drivingSeconds: number; maxSpeed: number; onlineSeconds: number; alarmCount: number };
    const rows = r.list as Row[];
    expect(r.totals.mileageKm).toBeCloseTo(
      sum(rows, (x) => x.mileageKm),
      6,
    );
    expect(r.totals.drivingSeconds).toBe(sum(rows, (x) => x.drivingSeconds));
    expect(r.totals.maxSpeed).toBe(Math.max(...rows.map((x) => x.maxSpeed)));
    expect(r.totals.onlineSeconds).toBe(sum(rows, (x) => x.onlineSeconds));
    expect(r.totals.alarmCount).toBe(sum(rows, (x) => x.alarmCount));
    expect(typeMap(r.totals.alarmTypes)).toEqual(typeSums(r.list.map((x: { alarmTypes: never[] }) => x.alarmTypes)));
    for (const m of r.months as Row[]) {
      const of = rows.filter((x) => x.month === m.month);
      expect(m.mileageKm).toBeCloseTo(
        sum(of, (x) => x.mileageKm),
        6,
      );
      expect(m.alarmCount).toBe(sum(of, (x) => x.alarmCount));
    }
    // This month's days in 里程报表 add up to this month in 月度汇总 (the same rollup rows, today's included).
    const days = await get('mileage/dayMileage.json', `startDate=${month}-01&endDate=${today}`);
    const thisMonth = (r.months as Row[]).find((m) => m.month === month)!;
    expect(thisMonth.mileageKm).toBeCloseTo(days.totals.mileageKm, 6);
    expect(thisMonth.alarmCount).toBe(days.totals.alarmCount);
  });

  it('离线报表, 到期报表 and 报警处理统计', async () => {
    const off = await get('offline/offlineReport.json', 'kind=all');
    expect(off.total).toBe(off.list.length);
    expect(off.list.length).toBe(off.totals.offline + off.totals.neverOnline);
    expect(off.totals.vehicles).toBe(off.totals.online + off.totals.offline + off.totals.neverOnline);
    expect(sum(Object.values(off.totals.durations) as number[], (n) => n)).toBe(off.totals.offline + off.totals.neverOnline);
    expect(off.totals.neverOnline).toBe(off.list.filter((x: { neverOnline: boolean }) => x.neverOnline).length);

    const exp = await get('expire/expireReport.json', 'withinDays=90&status=all');
    expect(exp.total).toBe(exp.list.length);
    expect(exp.list.length).toBe(exp.totals.expired + exp.totals.expiring);
    expect(exp.totals.expired).toBe(exp.list.filter((x: { expired: boolean }) => x.expired).length);
    expect([exp.totals.expired, exp.totals.expiring]).toEqual([1, 1]);

    const h = await get('alarm/alarmHandleReport.json', range);
    type Fig = { total: number; handled: number; unhandled: number };
    expect(h.totals.total).toBe((await get('alarm/alarmDetail.json', range)).total);
    expect(h.totals.total).toBe(sum(h.byType as Fig[], (x) => x.total));
    expect(h.totals.handled).toBe(sum(h.byType as Fig[], (x) => x.handled));
    expect(h.totals.handled).toBe(sum(h.byOperator as Fig[], (x) => x.handled));
    expect(h.totals.unhandled).toBe(h.totals.total - h.totals.handled);
    expect([h.totals.total, h.totals.handled]).toEqual([5, 2]);
  });
});
