import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../testing/testServer.ts';
import { ingestQueries, type StoredPosition } from '../../gateway/ingest.queries.ts';
import { rollupDay } from './rollup.service.ts';

let t: TestServer;
let terminal: number;
/** Beijing wall-clock time on 2026-05-02 → epoch ms. */
const bj = (hhmmss: string, day = '2026-05-02') => Date.parse(`${day}T${hhmmss}+08:00`);
const fix = (at: number, lat: number, lon: number, speed: number, valid = true): StoredPosition => ({
  terminalPk: terminal,
  gpsTime: at,
  receivedAt: at,
  lat,
  lon,
  speed,
  course: 0,
  altitude: 0,
  valid,
  satellites: 8,
  acc: speed > 0,
  mileage: null,
  alarms: [],
  extras: null,
});
const every = (from: string, to: string, stepS: number, make: (at: number, i: number) => StoredPosition) => {
  const out: StoredPosition[] = [];
  for (let at = bj(from), i = 0; at <= bj(to); at += stepS * 1000, i++) out.push(make(at, i));
  return out;
};

const stays = (terminalId = terminal) =>
  t.ctx.db
    .query<{ start_at: Date; end_at: Date; seconds: number; lat: number; lon: number; open: boolean }>(
      `SELECT start_at, end_at, seconds, lat, lon, open FROM daily_stays WHERE terminal_id = $1 AND day = '2026-05-02' ORDER BY start_at`,
      [terminalId],
    )
    .then((rows) =>
      rows.map((r) => ({
        ...r,
        start: new Date(r.start_at.getTime() + 8 * 3600_000).toISOString().slice(11, 19),
        end: new Date(r.end_at.getTime() + 8 * 3600_000).toISOString().slice(11, 19),
      })),
    );

// The day's stays, as playback's stop rule finds them (see the expectations in the test below).
const EXPECTED = [
  { start: '07:00:00', end: '07:10:30', seconds: 630, lat: 22.6, lon: 114, open: false },
  { start: '07:20:00', end: '07:40:30', seconds: 1230, lat: 22.65, lon: 114.02, open: false },
  { start: '22:00:00', end: '23:50:00', seconds: 6600, lat: 22.7, lon: 114.05, open: true },
];

beforeAll(async () => {
  t = await createTestServer();
  terminal = (await t.ctx.db.one<{ id: number }>(
    `INSERT INTO terminals (identifier, identifier_key, protocol) VALUES ('13872000001', '13872000001', 'jt808') RETURNING id`,
  ))!.id;
  const rows = [
    fix(bj('23:58:00', '2026-05-01'), 22.6, 114, 0), // the day before: not this day's stay
    // Parked 07:00–07:10 (every 30 s), then off at 30 km/h.
    ...every('07:00:00', '07:10:00', 30, (at) => fix(at, 22.6, 114, 0)),
    ...every('07:10:30', '07:19:30', 30, (at, i) => fix(at, 22.6 + i * 0.0004, 114, 30)),
    // A red light of 30 s at 07:15:00 (stopped at 07:15:00, moving at 07:15:30): too short to keep.
    fix(bj('07:15:00') + 1, 22.61, 114.01, 0),
    // Standing 07:20–07:40 at 1–2 km/h (below the 3 km/h threshold), an invalid fast fix in between (ignored).
    ...every('07:20:00', '07:40:00', 60, (at, i) => fix(at, 22.65, 114.02, i % 2 ? 1 : 2)),
    fix(bj('07:30:30'), 30, 120, 80, false),
    fix(bj('07:40:30'), 22.651, 114.02, 20),
    fix(bj('07:41:00'), 22.652, 114.02, 25),
    // Parked for the night from 22:00, a report every 10 minutes until 23:50; the next day is another row.
    ...every('22:00:00', '23:50:00', 600, (at) => fix(at, 22.7, 114.05, 0)),
    fix(bj('00:05:00', '2026-05-03'), 22.7, 114.05, 0),
  ];
  await ingestQueries.copyPositions(t.ctx.db, rows);
  await ingestQueries.upsertLatest(t.ctx.db, [rows.reduce((x, y) => (y.gpsTime > x.gpsTime && y.valid ? y : x))]);
});
afterAll(async () => {
  await t?.close();
});

describe('stays found by the daily rollup', () => {
  it('keeps each run of valid fixes below 3 km/h, from its first fix until the vehicle moves again, of at least a minute', async () => {
    await rollupDay(t.ctx.db, '2026-05-02', { now: Date.parse('2026-05-10T00:00:00Z') });
    expect((await stays()).map(({ start, end, seconds, lat, lon, open }) => ({ start, end, seconds, lat, lon, open }))).toEqual(EXPECTED);
  });

  it('finds the same stays pass by pass while the day runs, continuing an open stay', async () => {
    const db = t.ctx.db;
    await db.query(`DELETE FROM daily_stays`);
    await db.query(`DELETE FROM daily_terminal_stats`);
    await db.query(`DELETE FROM daily_rollup_days`);
    const pass = async (hhmmss: string) => {
      await rollupDay(db, '2026-05-02', { now: bj(hhmmss) });
      return (await stays()).map((s) => `${s.start}-${s.end}${s.open ? ' open' : ''}`);
    };
    expect(await pass('07:05:00')).toEqual(['07:00:00-07:04:30 open']); // the fixes before the pass
    // The red light, open for now, 270 s and 400 m (its fix is a jump the mileage leaves out) after the
    // vehicle left: a movement that short ends no stay, so for now the parked stay goes on.
    expect(await pass('07:15:10')).toEqual(['07:00:00-07:15:00 open']);
    // The red light was short (no stay): the parked stay ended at 07:10:30 after all.
    expect(await pass('07:25:00')).toEqual(['07:00:00-07:10:30', '07:20:00-07:24:00 open']);
    expect(await pass('07:40:10')).toEqual(['07:00:00-07:10:30', '07:20:00-07:40:00 open']);
    expect(await pass('23:59:00')).toEqual(['07:00:00-07:10:30', '07:20:00-07:40:30', '22:00:00-23:50:00 open']);
    const stepwise = await stays();
    await rollupDay(db, '2026-05-02', { now: Date.parse('2026-05-10T00:00:00Z') });
    expect(await stays()).toEqual(stepwise);
  });
});

describe('a short movement ends no stay', () => {
  let noisy: number;
  /** Another terminal's morning, north along 114.1° from 22.8° (0.0009° of latitude ≈ 100 m); a fix every 30 s. */
  const morning: StoredPosition[] = [];
  let lat = 22.8;
  const at = (hhmmss: string, plusSeconds = 0) => bj(hhmmss) + plusSeconds * 1000;
  const park = (from: string, to: string) =>
    morning.push(...every(from, to, 30, (time) => ({ ...fix(time, lat, 114.1, 0), terminalPk: noisy })));
  const drive = (from: string, to: string, speed: number, stepDegrees: number) =>
    morning.push(
      ...every(from, to, 30, (time) => ({
        ...fix(time, (lat = Math.round((lat + stepDegrees) * 1e6) / 1e6), 114.1, speed),
        terminalPk: noisy,
      })),
    );

  beforeAll(async () => {
    noisy = (await t.ctx.db.one<{ id: number }>(
      `INSERT INTO terminals (identifier, identifier_key, protocol) VALUES ('13872000002', '13872000002', 'jt808') RETURNING id`,
    ))!.id;
    park('06:00:00', '06:30:00');
    // Speed noise while parked: one fix at 8 km/h, 20 m off, at 06:15.
    Object.assign(
      morning.find((f) => f.gpsTime === at('06:15:00'))!,
      { speed: 8, lat: lat + 0.00018 },
    );
    drive('06:30:30', '06:40:00', 36, 0.0027); // 20 × 300 m
    park('06:40:30', '07:00:00');
    drive('07:00:30', '07:04:30', 9, 0.0006); // a real short move: 9 × 67 m = 600 m in 4 minutes
    park('07:05:00', '07:30:00');
    drive('07:30:30', '07:35:00', 36, 0.0027);
    // A jam: stands of 2 minutes, 40 m apart — none parked, so none absorbs the next.
    park('07:35:30', '07:37:00');
    drive('07:37:30', '07:37:30', 5, 0.00036);
    park('07:38:00', '07:39:30');
    drive('07:40:00', '07:40:00', 5, 0.00036);
    park('07:40:30', '07:42:00');
    drive('07:42:30', '07:50:00', 36, 0.0027);
    park('07:50:30', '08:30:00');
    await ingestQueries.copyPositions(t.ctx.db, morning);
    await ingestQueries.upsertLatest(t.ctx.db, [morning.at(-1)!]);
  });

  const WANTED = [
    '06:00:00-06:30:30', // one stay across the noise, no trip of 40 m between two
    '06:40:30-07:00:30', // ends at the 600 m move: a trip
    '07:05:00-07:30:30',
    '07:35:30-07:37:30',
    '07:38:00-07:40:00',
    '07:40:30-07:42:30', // the jam's stands, each its own
    '07:50:30-08:30:00 open',
  ];
  const shown = async () => (await stays(noisy)).map((s) => `${s.start}-${s.end}${s.open ? ' open' : ''}`);

  it('merges a stay with the next across a movement under 500 m and 300 s, from a parked stay; a 600 m move and a jam still split', async () => {
    await rollupDay(t.ctx.db, '2026-05-02', { now: Date.parse('2026-05-10T00:00:00Z') });
    expect(await shown()).toEqual(WANTED);
    expect((await stays(noisy))[0]).toMatchObject({ seconds: 1830, lat: 22.8, lon: 114.1 });
  });

  it('finds the same stays pass by pass, re-reading a stay closed by a movement still short', async () => {
    const db = t.ctx.db;
    await db.query(`DELETE FROM daily_stays`);
    await db.query(`DELETE FROM daily_terminal_stats`);
    await db.query(`DELETE FROM daily_rollup_days`);
    const pass = async (hhmmss: string) => (await rollupDay(db, '2026-05-02', { now: bj(hhmmss) }), shown());
    expect(await pass('06:10:00')).toEqual(['06:00:00-06:09:30 open']);
    expect(await pass('06:15:10')).toEqual(['06:00:00-06:15:00']); // ended by the noise, for now
    expect(await pass('06:15:40')).toEqual(['06:00:00-06:15:30 open']); // standing again 20 m on: the same stay
    // Then a pass every 70 s until the end of the morning.
    for (let now = at('06:16:00'); now <= at('08:31:00'); now += 70_000) await rollupDay(db, '2026-05-02', { now });
    expect(await shown()).toEqual(WANTED);
    const stepwise = await stays(noisy);
    await rollupDay(db, '2026-05-02', { now: Date.parse('2026-05-10T00:00:00Z') });
    expect(await stays(noisy)).toEqual(stepwise);
  });
});
