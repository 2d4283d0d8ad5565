// 里程报表 over 10 000 vehicles × 31 days of daily figures, on PostgreSQL, through the real HTTP
// endpoint (dayMileage.json over a socket, logged in as admin): the first page of the whole
// fleet's month (310 000 vehicle-days counted, totalled and sorted), a page further on, one
// group, a plate keyword, one vehicle. Target (issue 16): first page under 500 ms.
// The daily figures are written straight into daily_terminal_stats (the rollup has its own bench,
// reports-rollup). A scratch database is created and dropped:
//   flock /tmp/chelian-bench.lock env DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
//     node --import tsx bench/report-mileage-31d.bench.ts [--vehicles 10000] [--days 31] [--runs 7] [--keep]
// Prints JSON. Times are wall clock of the HTTP request, client and server on the same machine.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { openPostgres } from '../apps/server/src/db/postgres.ts';
import { seedAll } from '../apps/server/src/seed.ts';
import { createContext } from '../apps/server/src/context.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { MemoryBus } from '../apps/server/src/bus/bus.ts';
import { createLogger } from '../apps/server/src/log.ts';
import { buildApp } from '../apps/server/src/http/app.ts';
import { apiModules } from '../apps/server/src/modules/index.ts';
import { encryptForLogin } from '../apps/server/src/modules/auth/rsa.ts';
import { addDays, beijingDayOf } from '../apps/server/src/modules/reports/beijingDay.ts';
import { seedFleet } from './support/seedFleet.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const VEHICLES = arg('vehicles', 10_000);
const DAYS = arg('days', 31);
const RUNS = arg('runs', 7);
/** Leaves the scratch database for EXPLAIN ANALYZE by hand (drop it afterwards). */
const KEEP = process.argv.includes('--keep');
const PASSWORD = 'Bench#2026pw';
// The month up to yesterday (Beijing): finished days, as a fleet manager asks for them.
const TO = addDays(beijingDayOf(Date.now()), -1);
const FROM = addDays(TO, -(DAYS - 1));

const admin = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `chelian_bench_mileage_${Date.now()}`;
const root = new pg.Client({ connectionString: admin });
await root.connect();
await root.query(`CREATE DATABASE ${dbName}`);
const url = new URL(admin);
url.pathname = `/${dbName}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mileage-bench-'));
const db = openPostgres({ connectionString: url.toString(), max: 4 });
try {
  await migrate(db);
  const config = loadConfig({ DATA_DIR: dataDir, CHELIAN_ADMIN_PASSWORD: PASSWORD }, ['--role', 'api']);
  const ctx = await createContext(config, db, new MemoryBus(), createLogger('warn'));
  await seedAll(ctx);
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  const seedStart = performance.now();
  const fleet = await seedFleet(client, VEHICLES);
  // One row per terminal and day, as the rollup leaves a finished day (figures vary by vehicle and day).
  await client.query(
    `INSERT INTO daily_terminal_stats (terminal_id, day, mileage_km, mileage_source, driving_seconds, max_speed, first_position_at, last_position_at,
       position_count, alarm_count, alarm_types, online_seconds, first_online_at, last_offline_at, elapsed_seconds, gps_km, odometer_km, odometer_points)
     SELECT t.id, d::date, km, 'odometer', (km * 90)::int, 40 + (t.id % 80), d - interval '8 hours' + interval '7 hours', d + interval '14 hours',
            2000 + (t.id % 5000), (t.id + extract(day FROM d)::int) % 7 / 6, CASE WHEN (t.id + extract(day FROM d)::int) % 7 = 6 THEN '{"overspeed": 1}'::jsonb ELSE '{}' END,
            50000 + (t.id % 36000), d - interval '8 hours', NULL, 86400, km, km, 2000
       FROM terminals t CROSS JOIN generate_series($1::date, $2::date, interval '1 day') d
       CROSS JOIN LATERAL (SELECT round((((t.id * 7919 + extract(doy FROM d)::int * 104729) % 40000) / 100.0)::numeric, 2)::float8 AS km) k`,
    [FROM, TO],
  );
  await client.query(`INSERT INTO daily_rollup_days (day, rolled_up_at, final) SELECT d::date, now(), true FROM generate_series($1::date, $2::date, interval '1 day') d`, [FROM, TO]);
  await client.query('ANALYZE');
  const seedMs = performance.now() - seedStart;
  const [{ n: statsRows }] = (await client.query<{ n: number }>('SELECT count(*)::int AS n FROM daily_terminal_stats')).rows;
  const [{ id: groupId }] = (await client.query<{ id: number }>('SELECT id FROM vehicle_groups ORDER BY id LIMIT 1')).rows;
  await client.end();

  const { app } = await buildApp(ctx, apiModules, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const login = await fetch(`${base}/oauth/v4/token`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'admin', password: encryptForLogin(ctx.publicKey, PASSWORD) }),
  }).then((r) => r.json() as Promise<{ flag: number; obj: { sessionId: string } }>);
  if (login.flag !== 1) throw new Error('login failed');

  /** One request's wall clock; checks it answered a full page. */
  const timed = async (query: string, expectRows: number) => {
    const t0 = performance.now();
    const res = await fetch(`${base}/car/v1/accelerate/report/mileage/dayMileage.json?startDate=${FROM}&endDate=${TO}${query}`, { headers: { sessionId: login.obj.sessionId } });
    const body = (await res.json()) as { flag: number; msg: string; obj: { total: number; list: unknown[] } };
    if (body.flag !== 1) console.error(res.status, query, JSON.stringify(body));
    const ms = performance.now() - t0;
    if (body.flag !== 1 || body.obj.list.length !== Math.min(10, expectRows)) throw new Error(`unexpected answer: ${JSON.stringify(body).slice(0, 300)}`);
    return { ms: Math.round(ms * 10) / 10, total: body.obj.total };
  };
  const series = async (query: string, expectRows = 10) => {
    await timed(query, expectRows); // warm-up (plans, caches)
    const runs: number[] = [];
    let total = 0;
    for (let r = 0; r < RUNS; r++) {
      const one = await timed(query, expectRows);
      runs.push(one.ms);
      total = one.total;
    }
    const sorted = [...runs].sort((a, b) => a - b);
    return { total, medianMs: sorted[Math.floor(sorted.length / 2)], minMs: sorted[0], maxMs: sorted[sorted.length - 1] };
  };

  const figures = {
    vehicles: VEHICLES, days: DAYS, range: [FROM, TO], statsRows, seedSeconds: Math.round(seedMs / 100) / 10,
    firstPage: await series(''),
    page100: await series('&current=100'),
    oneGroup: await series(`&groupId=${groupId}`),
    plateKeyword: await series('&keyword=%E7%B2%A4B'), // 粤B
    oneVehicle: await series(`&vehicleId=${fleet[VEHICLES >> 1].vehicleId}`),
    loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100),
  };
  console.log(JSON.stringify(figures));
  await app.close();
} finally {
  await db.close();
  if (KEEP) console.error(`kept database ${dbName}`);
  else await root.query(`DROP DATABASE ${dbName}`);
  await root.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
