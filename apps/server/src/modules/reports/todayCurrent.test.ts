import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { ingestQueries, type StoredPosition } from '../../gateway/ingest.queries.ts';
import { beijingDayOf, dayStart } from './beijingDay.ts';
import { rollupDay } from './rollup.service.ts';

// Today is never 0 while positions exist: a report of today reads the rollup brought up to date
// at the request (todayCurrent.ts), without waiting for the jobs role's next pass.
let t: TestServer;
let a: Tenant;
let terminalPk: number;

const get = (url: string) => t.call(a.sessionId, { url }).then((r) => r.json());
const fix = (gpsTime: number, lat: number, speed: number): StoredPosition => ({
  terminalPk,
  gpsTime,
  receivedAt: Date.now(),
  lat,
  lon: 114.06,
  speed,
  course: 0,
  altitude: 0,
  valid: true,
  satellites: 9,
  acc: true,
  mileage: null,
  alarms: [],
  extras: null,
});

/** A drive north at 40 km/h then a stand, a fix every `step` ms, ending `endAgo` ms ago (all of it today). */
function drive(from: number, to: number, lat0: number): StoredPosition[] {
  const step = Math.max(1000, Math.floor((to - from) / 40));
  const out: StoredPosition[] = [];
  for (let at = from, i = 0; at <= to; at += step, i += 1) out.push(fix(at, lat0 + i * 0.0011, 40));
  return out;
}

/** As the gateway stores a batch: the positions and the terminal's latest one. */
async function store(fixes: StoredPosition[]) {
  await ingestQueries.copyPositions(t.ctx.db, fixes);
  await ingestQueries.upsertLatest(t.ctx.db, fixes.slice(-1));
}

beforeAll(async () => {
  t = await createTestServer();
  a = await createTenant(t, { codes: 'all' });
  await t.call(a.sessionId, {
    method: 'POST',
    url: '/car/v4/api/vehicle/add.json',
    ...form({ plate: '粤B7T001', terminalId: '13877700001', protocol: 'jt808' }),
  });
  terminalPk = (await t.ctx.db.one<{ id: number }>(`SELECT id FROM terminals WHERE identifier_key = '13877700001'`))!.id;
  await t.ctx.db.query(`UPDATE terminals SET assigned_at = '2026-01-01T00:00:00Z' WHERE id = $1`, [terminalPk]);
});
afterAll(async () => {
  await t?.close();
});

describe("today's figures", () => {
  it('count positions stored a moment ago, before any rollup pass, and equal what the rollup then stores', async () => {
    const now = Date.now();
    const today = beijingDayOf(now);
    const dayBegan = dayStart(today).getTime();
    // The last few minutes (the first minutes of a day too: never before the day's start).
    const from = Math.max(dayBegan + 1000, now - 8 * 60_000);
    const firstLeg = drive(from, Math.floor(from + (now - from) / 2), 22.5);
    await store(firstLeg);
    const url = `/car/v1/accelerate/report/mileage/dayMileage.json?startDate=${today}&endDate=${today}`;

    const first = (await get(url)).obj;
    expect(first.list).toHaveLength(1);
    expect(first.list[0].mileageKm).toBeGreaterThan(0);
    expect(first.list[0].positionCount).toBe(firstLeg.length);
    expect(first.totals.mileageKm).toBe(first.list[0].mileageKm);

    // More arrives: the next read counts it at once (the incremental step adds it to the row).
    const last = firstLeg[firstLeg.length - 1];
    const secondLeg = drive(last.gpsTime + 1000, now - 1000, last.lat + 0.0011);
    await store(secondLeg);
    // Several pages asking at once: one pass (the others wait for it), every answer counting it all.
    const answers = await Promise.all(Array.from({ length: 4 }, () => get(url)));
    const second = answers[0].obj.list[0];
    for (const answer of answers) expect(answer.obj.list[0]).toEqual(second);
    expect(second.positionCount).toBe(firstLeg.length + secondLeg.length);
    expect(second.mileageKm).toBeGreaterThan(first.list[0].mileageKm);

    // What the rollup stores from scratch (the final pass's rule) is what the page showed.
    await rollupDay(t.ctx.db, today, { now: Date.now(), wait: true, full: true });
    const stored = (await get(url)).obj.list[0];
    expect(stored).toEqual(second);
    // The monthly summary (the sum of the days) shows today too.
    const month = today.slice(0, 7);
    const monthly = (await get(`/car/v1/accelerate/report/monthly/monthlyReport.json?startMonth=${month}&endMonth=${month}`)).obj;
    expect(monthly.list[0].mileageKm).toBe(second.mileageKm);
  });
});
