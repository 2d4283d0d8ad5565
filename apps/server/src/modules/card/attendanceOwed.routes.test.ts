import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beijingMidnight } from '@chelian/contracts';
import { addDays, beijingDayOf, DAY_MS } from '@chelian/contracts/beijingTime.ts';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import { attendanceOfDate } from './attendance.service.ts';
import { cardReport, reportSpan } from './report.service.ts';

// What a new operator met in the demo (issue 31): the crew on 环卫白班 (the demo's shift, 08:00–12:00
// and 14:00–18:00 every day, modules/card/card.demo.ts), its team's area, and
// 考勤记录, 周报 and 日报 as the rule of docs/card.md has them: nothing owed before a person existed,
// 到岗/离岗 the first and last fix in the area, and today's 日报 being today so far.

let t: TestServer;
let a: Tenant;
let user: SessionUser;
const api = '/card/v1/api';
const POST = { lat: 22.556, lon: 114.058 };
const OUT = { lat: 22.576, lon: 114.058 }; // about 2 km north: outside the area
const day = beijingDayOf(Date.now() - DAY_MS);
// A whole week in the past: the Monday two weeks back, and its Wednesday.
const monday = reportSpan('week', beijingDayOf(Date.now() - 14 * DAY_MS)).startDate;
const wednesday = addDays(monday, 2);
const at = (d: string, hhmm: string) => beijingMidnight(d) + (Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3))) * 60_000;
const staff: Record<string, number> = {};

const post = (url: string, fields: Record<string, string | number | boolean>) =>
  t.call(a.sessionId, { method: 'POST', url, ...form(fields) }).then((r) => r.json());
const postJson = (url: string, payload: object) => t.call(a.sessionId, { method: 'POST', url, payload }).then((r) => r.json());

/** A fix a minute over [from, to], in the area while `inside` says so, uploaded now (after the binding). */
async function walk(badge: string, from: number, to: number, inside: (t: number) => boolean) {
  const times: Date[] = [];
  const lat: number[] = [];
  for (let time = from; time <= to; time += 60_000) {
    times.push(new Date(time));
    lat.push(inside(time) ? POST.lat : OUT.lat);
  }
  await t.ctx.db.query(
    `INSERT INTO positions (terminal_id, gps_time, received_at, lat, lon, speed, course, valid, acc)
     SELECT t.id, u.time, now(), u.lat, $4, 0, 0, true, false FROM terminals t, unnest($2::timestamptz[], $3::float8[]) AS u(time, lat) WHERE t.identifier = $1`,
    [badge, times, lat, POST.lon],
  );
}

beforeAll(async () => {
  t = await createTestServer();
  a = await createTenant(t, { codes: 'all' });
  user = {
    userId: a.userId,
    username: a.username,
    accountId: a.accountId,
    accountPath: a.accountPath,
    roleId: a.roleId,
    isPlatformAdmin: false,
    permissions: new Set(),
  };
  const shift = await postJson(`${api}/shift/save.json`, {
    name: '环卫白班',
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    periods: [
      { start: '08:00', end: '12:00' },
      { start: '14:00', end: '18:00' },
    ],
    lateMinutes: 10,
    earlyMinutes: 10,
  });
  const teamId = (await post(`${api}/team/save.json`, { name: '环卫一班', shiftId: shift.obj.shiftId })).obj[0].teamId;
  const fence = await postJson('/car/v4/api/geofence/add.json', {
    name: '福田环卫责任区',
    kind: 'circle',
    center: [POST.lon, POST.lat],
    radius: 600,
  });
  expect((await post(`${api}/area/save.json`, { geofenceId: fence.obj.geofenceId, teamId })).flag).toBe(1);
  await t.ctx.db.query(`SELECT ensure_position_partitions($1::date, $2::date)`, [monday, addDays(day, 1)]);
  for (const [key, name, badge] of [
    ['sweeper', '李秀兰', '868120145239001'],
    ['idle', '张德明', '868120145239002'],
    ['newcomer', '刘桂芳', '868120145239003'],
  ] as const) {
    expect((await post('/car/v4/api/terminal/add.json', { terminalId: badge, protocol: 'gt06' })).flag).toBe(1);
    staff[key] = (await post(`${api}/staff/save.json`, { name, staffNo: `HW-${key}`, teamId })).obj.staffId;
    expect((await post(`${api}/staff/bind.json`, { staffId: staff[key]!, terminalId: badge })).flag).toBe(1);
  }
  // 李秀兰 and 张德明 were hired a month before; 刘桂芳 on the Wednesday of that past week, at 10:00.
  await t.ctx.db.query(`UPDATE card_staff SET created_at = $2 WHERE vehicle_id = ANY($1::bigint[])`, [
    [staff.sweeper, staff.idle],
    new Date(at(monday, '00:00') - 30 * DAY_MS),
  ]);
  await t.ctx.db.query(`UPDATE card_staff SET created_at = $2 WHERE vehicle_id = $1`, [staff.newcomer, new Date(at(wednesday, '10:00'))]);
  // 李秀兰's badge reports from 07:10 (on the way), in the area at 07:50, out for lunch 12:01–13:49, gone at 18:11.
  const inside = (time: number) =>
    (time >= at(day, '07:50') && time <= at(day, '12:00')) || (time >= at(day, '13:50') && time <= at(day, '18:10'));
  await walk('868120145239001', at(day, '07:10'), at(day, '18:40'), inside);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

type Row = { name: string; period: number; status: string; arrivedAt: number | null; leftAt: number | null };
const rowsOf = async (date: string, now: number) => (await attendanceOfDate(t.ctx.db, user, date, {}, now)) as Row[];
const find = (rows: Row[], name: string, period: number) => rows.find((r) => r.name === name && r.period === period);

describe('attendance owed from when a person exists', () => {
  it('charges no 缺勤 for the days of the week before the person was created, nor counts them as expected', async () => {
    const report = await cardReport(t.ctx.db, user, { kind: 'week', date: monday }, Date.now());
    const newcomer = report.rows.find((r) => r.name === '刘桂芳')!;
    // Wednesday to Sunday, two periods a day, no badge fixes: 10, not 14.
    expect(newcomer).toMatchObject({ workPeriods: 10, absent: 10, arrived: 0, ongoing: 0 });
    expect(report.rows.find((r) => r.name === '张德明')).toMatchObject({ workPeriods: 14, absent: 14 });
    // 考勤记录 of the Tuesday has no row for her; the Wednesday has both periods.
    expect((await rowsOf(addDays(monday, 1), Date.now())).filter((r) => r.name === '刘桂芳')).toEqual([]);
    expect((await rowsOf(wednesday, Date.now())).filter((r) => r.name === '刘桂芳').map((r) => r.status)).toEqual(['absent', 'absent']);
  });
});

describe('到岗 and 离岗 from the fixes in the area', () => {
  it('takes the first fix inside the area and the last, not the first fix of the day', async () => {
    const rows = await rowsOf(day, at(day, '23:00'));
    expect(find(rows, '李秀兰', 0)).toMatchObject({ status: 'normal', arrivedAt: at(day, '07:50'), leftAt: at(day, '12:00') });
    expect(find(rows, '李秀兰', 1)).toMatchObject({ status: 'normal', arrivedAt: at(day, '13:50'), leftAt: at(day, '18:10') });
  });

  it('shows no 离岗 while the period runs, rather than the arrival minute again', async () => {
    const before = await rowsOf(day, at(day, '07:55'));
    expect(find(before, '李秀兰', 0)).toMatchObject({ status: 'pending', statusName: '未开始', arrivedAt: at(day, '07:50'), leftAt: null });
    const during = await rowsOf(day, at(day, '09:00'));
    expect(find(during, '李秀兰', 0)).toMatchObject({ status: 'pending', statusName: '进行中', arrivedAt: at(day, '07:50'), leftAt: null });
    // The afternoon's period has not begun at nine.
    expect(find(during, '李秀兰', 1)).toMatchObject({ status: 'pending', statusName: '未开始' });
  });
});

describe("today's 日报 is today so far", () => {
  it('counts the running period: who arrived as 到岗, nobody 缺勤 before it ends, the afternoon not yet', async () => {
    const report = await cardReport(t.ctx.db, user, { kind: 'day', date: day }, at(day, '09:00'));
    const byName = new Map(report.rows.map((r) => [r.name, r]));
    expect(byName.get('李秀兰')).toMatchObject({ workPeriods: 1, arrived: 1, ongoing: 1, normal: 0, late: 0, absent: 0 });
    expect(byName.get('张德明')).toMatchObject({ workPeriods: 1, arrived: 0, ongoing: 1, absent: 0 });
    // Before the day's first period nothing is owed, yet both are on today (智能工牌's 今日排班人员).
    const early = await cardReport(t.ctx.db, user, { kind: 'day', date: day }, at(day, '02:30'));
    expect(early.rows.find((r) => r.name === '李秀兰')).toMatchObject({ scheduledPeriods: 2, workPeriods: 0, absent: 0 });
    expect(byName.get('张德明')).toMatchObject({ scheduledPeriods: 2 });
    // Once the day is over the same report judges both periods.
    const evening = await cardReport(t.ctx.db, user, { kind: 'day', date: day }, at(day, '23:00'));
    expect(evening.rows.find((r) => r.name === '李秀兰')).toMatchObject({ workPeriods: 2, arrived: 2, ongoing: 0, normal: 2, absent: 0 });
    expect(evening.rows.find((r) => r.name === '张德明')).toMatchObject({ workPeriods: 2, arrived: 0, absent: 2 });
  });
});
