import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { beijingMidnight } from '@chelian/contracts';
import { addDays, beijingDayOf, DAY_MS } from '@chelian/contracts/beijingTime.ts';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';

// A night shift (22:00–06:00) through the API: positions stored across midnight, attendance of the
// day the period starts on, its pending state, and the day report's wear time.

let t: TestServer;
let a: Tenant;
const api = '/card/v1/api';
const day = beijingDayOf(Date.now() - 3 * DAY_MS);
const today = beijingDayOf(Date.now());
const at = (d: string, hhmm: string) => beijingMidnight(d) + (Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3))) * 60_000;
const next = addDays(day, 1);
const before = addDays(day, -1);
const POST = { lat: 31.2304, lon: 121.4737 };
const people = {
  normal: { name: '夜班甲', badge: '868120145233001', from: at(day, '21:55'), to: at(next, '06:00') },
  late: { name: '夜班乙', badge: '868120145233002', from: at(day, '22:20'), to: at(next, '06:00') },
  early: { name: '夜班丙', badge: '868120145233003', from: at(day, '21:55'), to: at(next, '05:00') },
  // Worked the night before (the 21:55 of the day before to 06:00): that night is not this day's.
  absent: { name: '夜班丁', badge: '868120145233004', from: at(before, '21:55'), to: at(day, '06:00') },
};
const staff: Record<string, number> = {};

const post = (url: string, fields: Record<string, string | number | boolean>) =>
  t.call(a.sessionId, { method: 'POST', url, ...form(fields) }).then((r) => r.json());
const get = (url: string) => t.call(a.sessionId, { url }).then((r) => r.json());

beforeAll(async () => {
  t = await createTestServer();
  a = await createTenant(t, { codes: 'all' });
  const shift = (
    await t.call(a.sessionId, {
      method: 'POST',
      url: `${api}/shift/save.json`,
      payload: {
        name: '夜班',
        weekdays: [1, 2, 3, 4, 5, 6, 7],
        periods: [{ start: '22:00', end: '06:00' }],
        lateMinutes: 5,
        earlyMinutes: 10,
        clockPoints: [{ name: '岗亭', ...POST, radius: 100, beacon: '' }],
      },
    })
  ).json();
  expect(shift).toMatchObject({ flag: 1, obj: { periods: [{ start: '22:00', end: '06:00' }] } });
  await t.ctx.db.query(`SELECT ensure_position_partitions($1::date - 1, $2::date + 1)`, [before, today]);
  for (const [key, p] of Object.entries(people)) {
    expect((await post('/car/v4/api/terminal/add.json', { terminalId: p.badge, protocol: 'gt06' })).flag).toBe(1);
    const saved = await post(`${api}/staff/save.json`, { name: p.name, staffNo: `N${key}`, shiftId: shift.obj.shiftId });
    staff[key] = saved.obj.staffId;
    expect((await post(`${api}/staff/bind.json`, { staffId: staff[key]!, terminalId: p.badge })).flag).toBe(1);
    // Uploaded now (after the binding), reported every 5 minutes across midnight.
    await t.ctx.db.query(
      `INSERT INTO positions (terminal_id, gps_time, received_at, lat, lon, speed, course, valid, acc)
       SELECT id, g, now(), $4, $5, 0, 0, true, false FROM terminals, generate_series($2::timestamptz, $3::timestamptz, interval '5 minutes') g WHERE identifier = $1`,
      [p.badge, new Date(p.from), new Date(p.to), POST.lat, POST.lon],
    );
  }
  // Hired before the nights judged (three and four days ago): nothing is owed before a person is created.
  await t.ctx.db.query(`UPDATE card_staff SET created_at = created_at - interval '30 days' WHERE account_id = $1`, [a.accountId]);
  // Today's night period has not ended, whatever the hour the test runs: 甲 is at post now.
  await t.ctx.db.query(
    `INSERT INTO positions (terminal_id, gps_time, received_at, lat, lon, speed, course, valid, acc) SELECT id, now(), now(), $2, $3, 0, 0, true, false FROM terminals WHERE identifier = $1`,
    [people.normal.badge, POST.lat, POST.lon],
  );
}, 60_000);
afterAll(async () => {
  await t?.close();
});

type Row = {
  name: string;
  start: string;
  end: string;
  status: string;
  statusName: string;
  arrivedAt: number | null;
  leftAt: number | null;
};
const attendance = async (date: string) =>
  new Map<string, Row>((await get(`${api}/attendance/list.json?date=${date}&pageSize=100`)).obj.list.map((r: Row) => [r.name, r]));

describe('a night shift across midnight', () => {
  it('judges the period on the day it starts: on time, late, early, absent', async () => {
    const rows = await attendance(day);
    expect(rows.get('夜班甲')).toMatchObject({
      start: '22:00',
      end: '06:00',
      status: 'normal',
      arrivedAt: at(day, '21:55'),
      leftAt: at(next, '06:00'),
    });
    expect(rows.get('夜班乙')).toMatchObject({ status: 'late', statusName: '迟到', arrivedAt: at(day, '22:20') });
    expect(rows.get('夜班丙')).toMatchObject({ status: 'early', statusName: '早退', leftAt: at(next, '05:00') });
    expect(rows.get('夜班丁')).toMatchObject({ status: 'absent', statusName: '缺勤', arrivedAt: null });
    // 丁's night was the day before's: on time there.
    expect((await attendance(before)).get('夜班丁')).toMatchObject({
      status: 'normal',
      arrivedAt: at(before, '21:55'),
      leftAt: at(day, '06:00'),
    });
  });

  it("keeps today's night period pending until 06:00 tomorrow: 未开始 before 22:00, 进行中 after", async () => {
    const statusName = Date.now() < at(today, '22:00') ? '未开始' : '进行中';
    expect((await attendance(today)).get('夜班甲')).toMatchObject({ status: 'pending', statusName });
  });

  it('counts the night in the day report of the day it starts, wear time after midnight included', async () => {
    const report = await get(`${api}/report/summary.json?kind=day&date=${day}`);
    const rows = new Map<string, Record<string, number>>(report.obj.rows.map((r: { name: string }) => [r.name, r]));
    expect(rows.get('夜班甲')).toMatchObject({ workPeriods: 1, normal: 1, wearMinutes: 8 * 60 });
    expect(rows.get('夜班乙')).toMatchObject({ workPeriods: 1, late: 1, wearMinutes: 7 * 60 + 40 });
    expect(rows.get('夜班丙')).toMatchObject({ workPeriods: 1, early: 1, wearMinutes: 7 * 60 });
    // 丁's positions of this day's early morning are the day before's night.
    expect(rows.get('夜班丁')).toMatchObject({ workPeriods: 1, absent: 1, wearMinutes: 0 });
    // The Excel export carries the same figures: 甲's row, 正常 1 and 480 minutes worn.
    const exported = await t.call(a.sessionId, { url: `${api}/report/export.json?kind=day&date=${day}` });
    expect(exported.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(2).values as unknown[]).slice(1);
    const row = sheet.getRows(3, sheet.rowCount - 2)!.find((r) => r.getCell(2).value === '夜班甲')!;
    const cell = (title: string) => row.getCell(header.indexOf(title) + 1).value;
    expect([cell('应出勤时段'), cell('正常'), cell('佩戴时长（分钟）')]).toEqual([1, 1, 480]);
  });
});
