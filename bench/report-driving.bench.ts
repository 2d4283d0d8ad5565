// 超速报表 and ACC报表 over one day of raw positions, on PostgreSQL. Both read the positions of the
// requested days on each request (no rollup table): this measures what that costs for one vehicle
// and for a whole fleet's day. The day is loaded with COPY (`--vehicles` driving through a city,
// speeds up to 125 km/h against the default limit of 100, ACC off while stopped), then each report
// is asked over HTTP, logged in as admin. A scratch database is created and dropped:
//   flock /tmp/chelian-bench.lock env DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
//     node --import tsx bench/report-driving.bench.ts [--vehicles 1000] [--positions 800000] [--runs 5] [--keep]
// Prints JSON. Times are wall clock of the HTTP request, client and server on one machine.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
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
import { addDays, dayStart } from '../apps/server/src/modules/reports/beijingDay.ts';
import { seedFleet, trackRows } from './support/seedFleet.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const VEHICLES = arg('vehicles', 1000);
const POSITIONS = arg('positions', 800_000);
const RUNS = arg('runs', 5);
/** Leaves the scratch database for EXPLAIN ANALYZE by hand (drop it afterwards). */
const KEEP = process.argv.includes('--keep');
const INTERVAL = Math.round((86_400 * VEHICLES) / POSITIONS);
const DAY = '2026-05-02';
const PASSWORD = 'Bench#2026pw';

const admin = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `chelian_bench_driving_${Date.now()}`;
const root = new pg.Client({ connectionString: admin });
await root.connect();
await root.query(`CREATE DATABASE ${dbName}`);
const url = new URL(admin);
url.pathname = `/${dbName}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'report-driving-bench-'));
const db = openPostgres({ connectionString: url.toString(), max: 4 });
try {
  await migrate(db);
  const config = loadConfig({ DATA_DIR: dataDir, CHELIAN_ADMIN_PASSWORD: PASSWORD }, ['--role', 'api']);
  const ctx = await createContext(config, db, new MemoryBus(), createLogger('warn'));
  await seedAll(ctx);
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  const fleet = await seedFleet(client, VEHICLES);
  await client.query(`UPDATE terminals SET assigned_at = '2026-01-01T00:00:00Z'`);
  await client.query('SELECT ensure_position_partitions($1::date - 1, $1::date + 1)', [DAY]);
  const end = dayStart(addDays(DAY, 1)).getTime();
  let rows = 0;
  const all = (function* () {
    for (const [i, v] of fleet.entries()) {
      for (const line of trackRows(v.terminalPk, 1, INTERVAL, end - 1000, 100 + i)) {
        rows++;
        yield line;
      }
    }
  })();
  await pipeline(Readable.from(all), client.query(copyFrom('COPY positions (terminal_id, gps_time, received_at, lat, lon, speed, course, altitude, valid, satellites, acc, mileage, alarms) FROM STDIN WITH (FORMAT csv)')));
  await client.query('ANALYZE positions');
  const [{ id: oneVehicle }] = (await client.query<{ id: number }>('SELECT id FROM vehicles ORDER BY id LIMIT 1')).rows;
  await client.end();

  const { app } = await buildApp(ctx, apiModules, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const login = await fetch(`${base}/oauth/v4/token`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'admin', password: encryptForLogin(ctx.publicKey, PASSWORD) }),
  }).then((r) => r.json() as Promise<{ flag: number; obj: { sessionId: string } }>);
  if (login.flag !== 1) throw new Error('login failed');

  const series = async (report: string, extra = '') => {
    const timed = async () => {
      const t0 = performance.now();
      const res = await fetch(`${base}/car/v1/accelerate/report/${report}?startDate=${DAY}&endDate=${DAY}${extra}`, { headers: { sessionId: login.obj.sessionId } });
      const body = (await res.json()) as { flag: number; msg: string; obj: { total: number; list: unknown[] } };
      if (body.flag !== 1) throw new Error(`unexpected answer: ${JSON.stringify(body).slice(0, 300)}`);
      return { ms: performance.now() - t0, total: body.obj.total };
    };
    await timed(); // warm-up (plans, caches)
    const runs: number[] = [];
    let total = 0;
    for (let r = 0; r < RUNS; r++) {
      const one = await timed();
      runs.push(Math.round(one.ms * 10) / 10);
      total = one.total;
    }
    const sorted = [...runs].sort((a, b) => a - b);
    return { rows: total, medianMs: sorted[Math.floor(sorted.length / 2)], minMs: sorted[0], maxMs: sorted[sorted.length - 1] };
  };

  console.log(JSON.stringify({
    vehicles: VEHICLES, positions: rows, intervalSeconds: INTERVAL, day: DAY,
    overspeedOneVehicle: await series('overspeed/overspeedReport.json', `&vehicleId=${oneVehicle}`),
    accOneVehicle: await series('acc/accReport.json', `&vehicleId=${oneVehicle}`),
    overspeedFleet: await series('overspeed/overspeedReport.json'),
    accFleet: await series('acc/accReport.json'),
    loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100),
  }));
  await app.close();
} finally {
  await db.close();
  if (KEEP) console.error(`kept database ${dbName}`);
  else await root.query(`DROP DATABASE ${dbName}`);
  await root.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
