import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beijingDayOf, beijingDayStart } from '@chelian/contracts/beijingTime.ts';
import { FINAL_AFTER_MS } from '../../core/lateReports.ts';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { ingestQueries, type StoredPosition } from '../../gateway/ingest.queries.ts';
import { rollupDay } from './rollup.service.ts';
import { currentThrough } from './todayCurrent.ts';

// Today is never 0 while positions exist: a report of today reads the rollup brought up to date
// at the request for its own vehicles (todayCurrent.ts), without waiting for the jobs role's pass.
let t: TestServer;
let a: Tenant;
const terminals: number[] = [];
const vehicles: number[] = [];

const get = (url: string) => t.call(a.sessionId, { url }).then((r) => r.json());

/** A drive north at 40 km/h from `from` to `to`, about 40 fixes. */
function drive(terminalPk: number, from: number, to: number, lat0: number): StoredPosition[] {
  // whole seconds apart, as terminals report (JT/T 808 and GT06 times are to the second)
  const step = Math.max(1000, Math.floor((to - from) / 40 / 1000) * 1000);
  const out: StoredPosition[] = [];
  for (let at = from, i = 0; at <= to; at += step, i += 1) {
    out.push({
      terminalPk,
      gpsTime: at,
      receivedAt: Date.now(),
      lat: lat0 + i * 0.0011,
      lon: 114.06,
      speed: 40,
      course: 0,
      altitude: 0,
      valid: true,
      satellites: 9,
      acc: true,
      mileage: null,
      alarms: [],
      extras: null,
    });
  }
  return out;
}

/** As the gateway stores a batch: the positions and the terminal's latest one. */
async function store(fixes: StoredPosition[]) {
  await ingestQueries.copyPositions(t.ctx.db, fixes);
  await ingestQueries.upsertLatest(t.ctx.db, fixes.slice(-1));
}

const rowOf = (terminalPk: number, day: string) =>
  t.ctx.db.one<{ position_count: number }>('SELECT position_count FROM daily_terminal_stats WHERE terminal_id = $1 AND day = $2::date', [
    terminalPk,
    day,
  ]);

beforeAll(async () => {
  t = await createTestServer();
  a = await createTenant(t, { codes: 'all' });
  for (const [i, plate] of ['粤B7T001', '粤B7T002'].entries()) {
    const identifier = `1387770000${i + 1}`;
    const res = await t.call(a.sessionId, {
      method: 'POST',
      url: '/car/v4/api/vehicle/add.json',
      ...form({ plate, terminalId: identifier, protocol: 'jt808' }),
    });
    vehicles.push(res.json().obj.vehicleId);
    terminals.push((await t.ctx.db.one<{ id: number }>('SELECT id FROM terminals WHERE identifier_key = $1', [identifier]))!.id);
  }
  await t.ctx.db.query(`UPDATE terminals SET assigned_at = '2026-01-01T00:00:00Z' WHERE id = ANY($1::bigint[])`, [terminals]);
});
afterAll(async () => {
  await t?.close();
});

describe("today's figures", () => {
  it('count positions stored a moment ago, before any rollup pass, and equal what the rollup then stores', async () => {
    const now = Date.now();
    const today = beijingDayOf(now);
    // The last few minutes (the first minutes of a day too: never before the day's start).
    const from = Math.max(beijingDayStart(today) + 1000, now - 8 * 60_000);
    const half = Math.floor(from + (now - from) / 2);
    const firstLeg = drive(terminals[0], from, half, 22.5);
    await store(firstLeg);
    await store(drive(terminals[1], from, now - 1000, 22.8));
    const url = `/car/v1/accelerate/report/mileage/dayMileage.json?startDate=${today}&endDate=${today}`;

    // One vehicle's page brings that vehicle's row up to date, and only its.
    const one = (await get(`${url}&vehicleId=${vehicles[0]}`)).obj;
    expect(one.list).toHaveLength(1);
    expect(one.list[0].mileageKm).toBeGreaterThan(0);
    expect(one.list[0].positionCount).toBe(firstLeg.length);
    expect(one.totals.mileageKm).toBe(one.list[0].mileageKm);
    expect(await rowOf(terminals[1], today)).toBeUndefined();

    // More arrives: the next read counts it at once (the incremental step adds it to the row).
    const last = firstLeg[firstLeg.length - 1];
    const secondLeg = drive(terminals[0], last.gpsTime + 1000, now - 1000, last.lat + 0.0011);
    await store(secondLeg);
    // Several pages asking at once: one pass does the work, every answer counts it all.
    const answers = await Promise.all(Array.from({ length: 4 }, () => get(url)));
    const fleet = answers[0].obj.list;
    for (const answer of answers) expect(answer.obj.list).toEqual(fleet);
    const first = fleet.find((r: { vehicleId: number }) => r.vehicleId === vehicles[0]);
    expect(first.positionCount).toBe(firstLeg.length + secondLeg.length);
    expect(first.mileageKm).toBeGreaterThan(one.list[0].mileageKm);
    expect(fleet.every((r: { mileageKm: number }) => r.mileageKm > 0)).toBe(true);

    // What the rollup stores from scratch (the final pass's rule) is what the page showed.
    await rollupDay(t.ctx.db, today, { now: Date.now(), wait: true, full: true });
    expect((await get(url)).obj.list).toEqual(fleet);
    // The monthly summary (the sum of the days) shows today too.
    const month = today.slice(0, 7);
    const monthly = (await get(`/car/v1/accelerate/report/monthly/monthlyReport.json?startMonth=${month}&endMonth=${month}`)).obj;
    expect(monthly.totals.mileageKm).toBeCloseTo(
      fleet.reduce((s: number, r: { mileageKm: number }) => s + r.mileageKm, 0),
      6,
    );
  });

  it("brings yesterday's last minutes in on read just after midnight, until yesterday is final", async () => {
    // A day of the past, so that no pass of the real today's reads touches it.
    const [yesterday, today] = ['2026-03-09', '2026-03-10'];
    const midnight = beijingDayStart(today);
    const lastMinutes = drive(terminals[1], midnight - 10 * 60_000, midnight - 1000, 22.9);
    await store(lastMinutes);
    const filter = {
      scope: a.accountPath,
      isPlatformAdmin: false,
      vehicleId: vehicles[1],
      groupId: null,
      keyword: null,
      from: yesterday,
      to: today,
    };
    // an hour after yesterday became final (FINAL_AFTER_MS after midnight) it is the jobs role's: not read
    await currentThrough(t.ctx.db, filter, midnight + FINAL_AFTER_MS + 60 * 60_000);
    expect(await rowOf(terminals[1], yesterday)).toBeUndefined();
    // five minutes after midnight, before the jobs role's next pass: a report of yesterday counts them, and only them
    await currentThrough(t.ctx.db, filter, midnight + 5 * 60_000);
    expect(await rowOf(terminals[1], yesterday)).toEqual({ position_count: lastMinutes.length });
  });
});
