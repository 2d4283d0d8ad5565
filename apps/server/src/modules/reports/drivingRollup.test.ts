import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { ingestQueries, type StoredPosition } from '../../gateway/ingest.queries.ts';
import { backfill, rollupPending } from './rollup.service.ts';

/*
 * 超速报表 and ACC报表 read final days from the rollup (daily_overspeed, daily_acc_points) and the
 * others from the positions: every answer here is compared with the same report read wholly from
 * the positions (the days' `driving` flag cleared), across midnight, a range that mixes stored and
 * live days, a limit changed after the rollup, a tenant's hand-over and a late upload.
 */
let t: TestServer;
let a: Tenant;
let terminalPk: number;
let vehicleId: number;

const bj = (text: string) => Date.parse(`${text}+08:00`);
/** Days up to 05-03 final and stored; 05-04 not yet. */
const NOW = bj('2026-05-04T12:00:00');

const fix = (at: number, speed: number, acc: boolean, lat = 22.55, lon = 114.05): StoredPosition => ({
  terminalPk,
  gpsTime: at,
  receivedAt: at,
  lat,
  lon,
  speed,
  course: 0,
  altitude: 0,
  valid: true,
  satellites: 8,
  acc,
  mileage: null,
  alarms: [],
  extras: null,
});
/** A fix every 10 s from `from` for `minutes`. */
const run = (from: string, minutes: number, speed: number, acc: boolean) =>
  Array.from({ length: minutes * 6 }, (_, i) => fix(bj(from) + i * 10_000, speed, acc, 22.55 + i * 0.0003));

beforeAll(async () => {
  t = await createTestServer();
  a = await createTenant(t, { codes: 'all' });
  const res = await t.call(a.sessionId, {
    method: 'POST',
    url: '/car/v4/api/vehicle/add.json',
    ...form({ plate: '粤B70001', terminalId: '13870000001', protocol: 'jt808' }),
  });
  vehicleId = res.json().obj.vehicleId;
  terminalPk = (await t.ctx.db.one<{ id: number }>(`SELECT id FROM terminals WHERE identifier_key = '13870000001'`))!.id;
  await t.ctx.db.query(`UPDATE terminals SET assigned_at = '2026-01-01T00:00:00Z' WHERE id = $1`, [terminalPk]);
  await ingestQueries.copyPositions(t.ctx.db, [
    ...run('2026-05-01T23:50:00', 20, 110, true), // over the default 100 across midnight: two episodes
    ...run('2026-05-02T00:10:00', 5, 0, false),
    ...run('2026-05-02T08:00:00', 5, 120, true),
    ...run('2026-05-02T08:05:00', 1, 60, true),
    ...run('2026-05-02T08:06:00', 1, 130, true),
    ...run('2026-05-02T09:00:00', 2, 0, false),
    ...run('2026-05-02T20:00:00', 2, 50, true),
    ...run('2026-05-02T20:02:00', 1, 0, false),
    ...run('2026-05-03T10:00:00', 1, 105, true),
    ...run('2026-05-03T10:01:00', 1, 0, false),
    ...run('2026-05-04T09:00:00', 1, 140, true), // not final yet: read from the positions
  ]);
  await backfill(t.ctx.db, '2026-04-30', '2026-05-04', NOW);
});
afterAll(async () => {
  await t?.close();
});

const report = async (path: string, query: string) => {
  const body = (await t.call(a.sessionId, { url: `/car/v1/accelerate/report/${path}?${query}&pageSize=100` })).json();
  expect(body, JSON.stringify(body).slice(0, 300)).toMatchObject({ flag: 1 });
  return body.obj;
};
/** The answer as the reports give it now, and the same read wholly from the positions. */
async function bothWays(path: string, query: string) {
  const stored = await report(path, query);
  await t.ctx.db.query('UPDATE daily_rollup_days SET driving = false');
  try {
    return { stored, live: await report(path, query) };
  } finally {
    await t.ctx.db.query('UPDATE daily_rollup_days SET driving = true WHERE final');
  }
}
const ranges = [
  'startDate=2026-05-01&endDate=2026-05-03',
  'startDate=2026-05-02&endDate=2026-05-02',
  'startDate=2026-05-02&endDate=2026-05-04',
  'startDate=2026-05-04&endDate=2026-05-04',
];

describe('overspeed and ACC from the rollup', () => {
  it('stores the final days only', async () => {
    const days = await t.ctx.db.query<{ day: string; driving: boolean }>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, driving FROM daily_rollup_days ORDER BY day`,
    );
    expect(days.filter((d) => d.driving).map((d) => d.day)).toEqual(['2026-04-30', '2026-05-01', '2026-05-02', '2026-05-03']);
    const episodes = await t.ctx.db.query<{ day: string; n: number }>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, count(*)::int AS n FROM daily_overspeed GROUP BY day ORDER BY day`,
    );
    expect(episodes).toEqual([
      { day: '2026-05-01', n: 1 },
      { day: '2026-05-02', n: 3 },
      { day: '2026-05-03', n: 1 },
    ]);
  });

  it.each(ranges)('answers as the positions do: %s', async (range) => {
    for (const minSeconds of [0, 30]) {
      const { stored, live } = await bothWays('overspeed/overspeedReport.json', `${range}&minSeconds=${minSeconds}`);
      expect(stored).toEqual(live);
    }
    const acc = await bothWays('acc/accReport.json', range);
    expect(acc.stored).toEqual(acc.live);
    expect(acc.stored.total).toBeGreaterThan(0);
  });

  it('reads the positions again for a vehicle whose limit changed since', async () => {
    await t.ctx.db.query('UPDATE vehicles SET speed_limit_kmh = 55 WHERE id = $1', [vehicleId]);
    try {
      const { stored, live } = await bothWays('overspeed/overspeedReport.json', 'startDate=2026-05-01&endDate=2026-05-03&minSeconds=0');
      expect(stored).toEqual(live);
      expect(stored.list.some((r: { limitKmh: number }) => r.limitKmh === 55)).toBe(true);
    } finally {
      await t.ctx.db.query('UPDATE vehicles SET speed_limit_kmh = NULL WHERE id = $1', [vehicleId]);
    }
  });

  it("reads the positions for a tenant's days around its hand-over", async () => {
    await t.ctx.db.query(`UPDATE terminals SET assigned_at = $2 WHERE id = $1`, [terminalPk, new Date(bj('2026-05-02T08:03:00'))]);
    try {
      for (const path of ['overspeed/overspeedReport.json', 'acc/accReport.json']) {
        const { stored, live } = await bothWays(path, 'startDate=2026-05-01&endDate=2026-05-03&minSeconds=0');
        expect(stored).toEqual(live);
      }
    } finally {
      await t.ctx.db.query(`UPDATE terminals SET assigned_at = '2026-01-01T00:00:00Z' WHERE id = $1`, [terminalPk]);
    }
  });

  it('recounts a final day when its positions come late', async () => {
    const late = run('2026-05-03T15:00:00', 1, 150, true);
    await ingestQueries.copyPositions(t.ctx.db, late);
    await t.ctx.db.query(`INSERT INTO rollup_late_days (terminal_id, day) VALUES ($1, '2026-05-03')`, [terminalPk]);
    await rollupPending(t.ctx.db, NOW);
    const { stored, live } = await bothWays('overspeed/overspeedReport.json', 'startDate=2026-05-03&endDate=2026-05-03&minSeconds=0');
    expect(stored).toEqual(live);
    expect(stored.list.map((r: { maxSpeed: number }) => r.maxSpeed)).toEqual(expect.arrayContaining([150, 105]));
    const [n] = await t.ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM daily_overspeed WHERE day = '2026-05-03'`);
    expect(n.n).toBe(2);
  });

  it('reads the stored days, not their positions', async () => {
    await t.ctx.db.query('DELETE FROM positions WHERE terminal_id = $1 AND gps_time >= $2 AND gps_time < $3', [
      terminalPk,
      new Date(bj('2026-05-02T00:00:00')),
      new Date(bj('2026-05-03T00:00:00')),
    ]);
    const day = 'startDate=2026-05-02&endDate=2026-05-02';
    const overspeed = await report('overspeed/overspeedReport.json', `${day}&minSeconds=0`);
    expect(overspeed.list.map((r: { maxSpeed: number }) => r.maxSpeed).sort()).toEqual([110, 120, 130]);
    const acc = await report('acc/accReport.json', day);
    expect(acc.list.filter((r: { acc: boolean }) => r.acc)).toHaveLength(3);
  });
});
