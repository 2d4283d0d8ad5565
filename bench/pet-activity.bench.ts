// 宠物卫士 at scale (issue 20). Three figures, each computed by the code the API and the gateway run:
//  1. daily activity (modules/pet/dailyActivity.ts) for N collars × 30 days of cumulative step
//     readings every 5 minutes (8 640 a collar), reset at each Beijing midnight, with 1 % of
//     readings out of order and one jump by millions per collar — the computation alone;
//  2. the 活动统计 request's work (activity.service.ts: the status-report query plus the rule) for
//     30 and 7 days, per collar, over K collars' stored reports (terminal_status_reports);
//  3. the safe-zone engine (petZoneEngine.ts) fed positions of Z collars, each with a 100 m home
//     circle and walking out across it and back every 20 minutes: positions per second through
//     the engine (state read, stored fixes, compare-and-set, alarms), and zoneSmoothing alone.
// Prints JSON.
// Run: node --import tsx bench/pet-activity.bench.ts [--collars 1000] [--stored 200] [--zones 200] [--minutes 60]
//      (TEST_ENGINE=postgres DATABASE_URL=… for PostgreSQL; PGlite by default)
import os from 'node:os';
import type { LastPosition } from '@chelian/contracts';
import { createTestServer } from '../apps/server/src/testing/testServer.ts';
import { createTenant } from '../apps/server/src/testing/fixtures.ts';
import { dailyActivity, type StepReading } from '../apps/server/src/modules/pet/dailyActivity.ts';
import { petActivity } from '../apps/server/src/modules/pet/activity.service.ts';
import type { PetRow } from '../apps/server/src/modules/pet/pets.queries.ts';
import { PetZoneEngine } from '../apps/server/src/modules/pet/petZoneEngine.ts';
import { NEW_ZONE_STATE, stepZone, type ZoneFix } from '../apps/server/src/modules/pet/zoneSmoothing.ts';
import { BEIJING_OFFSET_MS, beijingDayStart, DAY_MS } from '@chelian/contracts/beijingTime.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const COLLARS = arg('collars', 1000);
const STORED = arg('stored', 200);
const ZONED = arg('zones', 200);
const MINUTES = arg('minutes', 60);
const DAYS = 30;
const STEP_MS = 5 * 60_000;
const FIRST = beijingDayStart('2026-10-01');
const END_DATE = '2026-10-30';
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
const ms = (x: number) => Math.round(x * 100) / 100;

let seed = 20;
const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;

/** One collar's month: asleep 22:00–06:00, 0–300 steps a 5-minute stretch by day, reset at midnight. */
function month(): StepReading[] {
  const out: StepReading[] = [];
  let count = 0;
  let day = -1;
  for (let at = FIRST; at < FIRST + DAYS * DAY_MS; at += STEP_MS) {
    const d = Math.floor((at + BEIJING_OFFSET_MS) / DAY_MS);
    if (d !== day) {
      day = d;
      count = 0;
    }
    const hour = ((at + BEIJING_OFFSET_MS) % DAY_MS) / 3_600_000;
    if (hour >= 6 && hour < 22) count += Math.floor(rand() * 300);
    out.push({ at, steps: count });
  }
  for (let i = 1; i < out.length; i++) if (rand() < 0.01) [out[i - 1], out[i]] = [out[i]!, out[i - 1]!];
  const j = 100 + Math.floor(rand() * (out.length - 200));
  out[j] = { at: out[j]!.at, steps: out[j]!.steps + 5_000_000 };
  return out;
}

// 1. The rule alone.
let readings = 0;
let computeMs = 0;
let stepsCounted = 0;
for (let c = 0; c < COLLARS; c++) {
  const m = month();
  readings += m.length;
  const started = performance.now();
  const days = dailyActivity(m);
  computeMs += performance.now() - started;
  for (const d of days.values()) stepsCounted += d.steps;
}

// 2 and 3 on the database.
const t = await createTestServer();
const tenant = await createTenant(t);
const db = t.ctx.db;
const collarsOf = async (prefix: string, count: number) => {
  await db.query(
    `INSERT INTO terminals (identifier, identifier_key, protocol, account_id)
     SELECT $3 || lpad(g::text, 7, '0'), $3 || lpad(g::text, 7, '0'), 'watch', $1 FROM generate_series(1, $2) g`,
    [tenant.accountId, count, prefix],
  );
  await db.query(
    `INSERT INTO pets (account_id, name, terminal_id) SELECT $1, t.identifier, t.id FROM terminals t WHERE t.account_id = $1 AND t.identifier LIKE $2 || '%'`,
    [tenant.accountId, prefix],
  );
  return db.query<{ pet_id: number; terminal_pk: number; identifier: string }>(
    `SELECT p.id AS pet_id, t.id AS terminal_pk, t.identifier FROM pets p JOIN terminals t ON t.id = p.terminal_id WHERE t.identifier LIKE $1 || '%' ORDER BY t.id`,
    [prefix],
  );
};

const stored = await collarsOf('971', STORED);
let seeded = performance.now();
// Every 5 minutes for 30 days: a pseudo-random 0–299 steps per stretch by day, summed per Beijing day (reset at midnight).
await db.query(
  `INSERT INTO terminal_status_reports (terminal_id, at, received_at, kind, battery, steps)
   SELECT terminal_id, at, at, 'UD', 80,
          sum(inc) OVER (PARTITION BY terminal_id, (at AT TIME ZONE 'Asia/Shanghai')::date ORDER BY at)
     FROM (SELECT t.id AS terminal_id, s AS at,
                  CASE WHEN extract(hour FROM s AT TIME ZONE 'Asia/Shanghai') BETWEEN 6 AND 21 THEN abs(hashtext(t.id::text || s::text)) % 300 ELSE 0 END AS inc
             FROM terminals t CROSS JOIN generate_series($2::timestamptz, $3::timestamptz, interval '5 minutes') s
            WHERE t.account_id = $1 AND t.identifier LIKE '971%') x`,
  [tenant.accountId, new Date(FIRST - DAY_MS), new Date(FIRST + DAYS * DAY_MS - 1)],
);
const seedReportsMs = performance.now() - seeded;
const storedRows = Number((await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM terminal_status_reports`))[0]!.n);

const request = async (days: number) => {
  const times: number[] = [];
  for (const c of stored) {
    const started = performance.now();
    const a = await petActivity(db, { terminal_pk: c.terminal_pk, step_goal: 8000 } as PetRow, END_DATE, days);
    times.push(performance.now() - started);
    if (a.days.length !== days) throw new Error('wrong day count');
  }
  times.sort((x, y) => x - y);
  return { p50Ms: ms(pct(times, 0.5)), p95Ms: ms(pct(times, 0.95)), maxMs: ms(times[times.length - 1]!) };
};
await request(7); // warm
const month30 = await request(30);
const week7 = await request(7);

// 3. Zones: a 100 m circle per collar round its home; one fix a minute walking out to 200 m and back every 20 minutes.
const zoned = await collarsOf('972', ZONED);
const HOME = { lat: 30.2741, lon: 120.1551 };
await db.query(
  `INSERT INTO pet_zones (pet_id, name, kind, geometry) SELECT p.id, '家', 'circle', $1::jsonb FROM pets p JOIN terminals t ON t.id = p.terminal_id WHERE t.identifier LIKE '972%'`,
  [JSON.stringify({ center: [HOME.lon, HOME.lat], radiusMeters: 100 })],
);
const start = Math.floor((Date.now() - MINUTES * 60_000) / 60_000) * 60_000;
const offsetM = (minute: number) => {
  const phase = minute % 20;
  return phase < 10 ? phase * 20 : (20 - phase) * 20;
}; // 0 → 200 m → 0
seeded = performance.now();
await db.query(
  `INSERT INTO positions (terminal_id, gps_time, received_at, lat, lon, speed, course, altitude, valid, satellites, acc, mileage, alarms)
   SELECT t.id, to_timestamp(($2::bigint + m * 60000) / 1000.0), to_timestamp(($2::bigint + m * 60000) / 1000.0),
          $3::double precision + (CASE WHEN m % 20 < 10 THEN (m % 20) * 20 ELSE (20 - m % 20) * 20 END) / 111320.0, $4::double precision,
          3, 0, 0, true, 9, true, 0, '{}'
     FROM terminals t CROSS JOIN generate_series(0, $5 - 1) m
    WHERE t.account_id = $1 AND t.identifier LIKE '972%'`,
  [tenant.accountId, start, HOME.lat, HOME.lon, MINUTES],
);
const seedPositionsMs = performance.now() - seeded;
let alarms = 0;
const engine = new PetZoneEngine(db, (ids) => void (alarms += ids.length));
const feed: LastPosition[] = [];
for (let m = 0; m < MINUTES; m++) {
  for (const c of zoned)
    feed.push({
      terminalId: c.identifier,
      gpsTime: start + m * 60_000,
      valid: true,
      lat: HOME.lat + offsetM(m) / 111_320,
      lon: HOME.lon,
    } as LastPosition);
}
await engine.position(feed[0]!); // loads the zones
const engineStarted = performance.now();
for (const p of feed.slice(1)) void engine.position(p);
await engine.idle();
const engineMs = performance.now() - engineStarted;

// zoneSmoothing alone over the same walk.
const fence = { id: 1, kind: 'circle' as const, center: [HOME.lon, HOME.lat] as [number, number], radiusMeters: 100 };
const walk: ZoneFix[] = Array.from({ length: 1_000_000 }, (_, i) => ({
  time: start + i * 1000,
  lat: HOME.lat + offsetM(i % 1200) / 111_320,
  lon: HOME.lon,
  accuracy: 10,
}));
const smoothStarted = performance.now();
let state = NEW_ZONE_STATE;
let events = 0;
for (const f of walk) {
  const s = stepZone(state, fence, f);
  state = s.state;
  if (s.event) events++;
}
const smoothMs = performance.now() - smoothStarted;

console.log(
  JSON.stringify(
    {
      engine: process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite',
      cpus: os.cpus().length,
      loadAvg: os.loadavg().map((l) => Math.round(l * 10) / 10),
      dailyRule: {
        collars: COLLARS,
        days: DAYS,
        readings,
        computeMs: Math.round(computeMs),
        perCollarMonthMs: ms(computeMs / COLLARS),
        readingsPerSecond: Math.round(readings / (computeMs / 1000)),
        stepsCounted,
      },
      activityRequest: { collars: STORED, storedRows, seedMs: Math.round(seedReportsMs), days30: month30, days7: week7 },
      zoneEngine: {
        collars: ZONED,
        positions: feed.length - 1,
        seedMs: Math.round(seedPositionsMs),
        ms: Math.round(engineMs),
        positionsPerSecond: Math.round((feed.length - 1) / (engineMs / 1000)),
        alarms,
      },
      zoneSmoothing: { fixes: walk.length, ms: Math.round(smoothMs), fixesPerSecond: Math.round(walk.length / (smoothMs / 1000)), events },
    },
    null,
    1,
  ),
);
await t.close();
