// 离线报表, 到期报表 and 报警处理统计 over a 10 000-vehicle fleet on PostgreSQL, through the real
// HTTP endpoints (logged in as admin): the fleet's first page with its totals and buckets, one
// group, one vehicle; a month of alarms (--alarms, default 100 000, 60 % handled by 20 operators).
// No target set by the issue; these read the terminals' state and the alarms, not the daily figures.
// A scratch database is created and dropped:
//   flock /tmp/chelian-bench.lock env DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
//     node --import tsx bench/fleet-reports.bench.ts [--vehicles 10000] [--alarms 100000] [--runs 7]
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
const ALARMS = arg('alarms', 100_000);
const RUNS = arg('runs', 7);
const PASSWORD = 'Bench#2026pw';
const TO = beijingDayOf(Date.now());
const FROM = addDays(TO, -30);

const admin = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `chelian_bench_fleet_reports_${Date.now()}`;
const root = new pg.Client({ connectionString: admin });
await root.connect();
await root.query(`CREATE DATABASE ${dbName}`);
const url = new URL(admin);
url.pathname = `/${dbName}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-reports-bench-'));
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
  // The offline 15 %: silent from minutes to two months; every 50th never online. Service ends spread over ±120 days.
  await client.query(`UPDATE terminals SET last_seen_at = CASE WHEN id % 50 = 0 THEN NULL ELSE now() - (id % 1440) * interval '1 hour' END WHERE NOT online`);
  await client.query(`UPDATE terminals SET service_expires_at = now() + ((id * 7919) % 240 - 120) * interval '1 day' + (id % 24) * interval '1 hour'`);
  const { rows: ops } = await client.query<{ id: number }>(
    `INSERT INTO users (account_id, role_id, username, name, password_hash)
     SELECT 1, (SELECT role_id FROM users WHERE username = 'admin'), 'op' || g, '值班员' || g, 'x' FROM generate_series(1, 20) g RETURNING id`,
  );
  await client.query(
    `INSERT INTO alarms (terminal_id, account_id, vehicle_id, type, alarm_time, received_at, lat, lon, speed, handled, handled_by, handled_at)
     SELECT v.terminal_id, 1, v.id, (ARRAY['overspeed','sos','powerCut','lowBattery','fatigue'])[1 + g % 5], at, at, 22.5, 114.05, 60,
            g % 10 < 6, CASE WHEN g % 10 < 6 THEN ($3::bigint[])[1 + g % 20] END, CASE WHEN g % 10 < 6 THEN at + (g % 7200) * interval '1 second' END
       FROM generate_series(1, $1::int) g
       JOIN vehicles v ON v.id = ($2::bigint[])[1 + (g * 7919) % array_length($2::bigint[], 1)]
       CROSS JOIN LATERAL (SELECT now() - (g % (30 * 1440)) * interval '1 minute' AS at) t`,
    [ALARMS, fleet.map((v) => v.vehicleId), ops.map((o) => o.id)],
  );
  await client.query('ANALYZE');
  const seedMs = performance.now() - seedStart;
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

  const timed = async (url: string) => {
    const t0 = performance.now();
    const body = (await (await fetch(`${base}${url}`, { headers: { sessionId: login.obj.sessionId } })).json()) as { flag: number; obj: { total?: number; totals: { total?: number } } };
    const ms = performance.now() - t0;
    if (body.flag !== 1) throw new Error(`unexpected answer: ${JSON.stringify(body).slice(0, 300)}`);
    return { ms: Math.round(ms * 10) / 10, total: body.obj.total ?? body.obj.totals.total ?? 0 };
  };
  const series = async (url: string) => {
    await timed(url); // warm-up (plans, caches)
    const runs: number[] = [];
    let total = 0;
    for (let r = 0; r < RUNS; r++) {
      const one = await timed(url);
      runs.push(one.ms);
      total = one.total;
    }
    const sorted = [...runs].sort((a, b) => a - b);
    return { total, medianMs: sorted[Math.floor(sorted.length / 2)], minMs: sorted[0], maxMs: sorted[sorted.length - 1] };
  };
  const report = '/car/v1/accelerate/report';
  const one = fleet[VEHICLES >> 1].vehicleId;
  const figures = {
    vehicles: VEHICLES, alarms: ALARMS, seedSeconds: Math.round(seedMs / 100) / 10,
    offlineFirstPage: await series(`${report}/offline/offlineReport.json`),
    offlineOver7Days: await series(`${report}/offline/offlineReport.json?minHours=168`),
    offlineOneGroup: await series(`${report}/offline/offlineReport.json?groupId=${groupId}`),
    expireFirstPage: await series(`${report}/expire/expireReport.json?withinDays=30`),
    expireOneGroup: await series(`${report}/expire/expireReport.json?withinDays=90&groupId=${groupId}`),
    alarmHandleMonth: await series(`${report}/alarm/alarmHandleReport.json?startDate=${FROM}&endDate=${TO}`),
    alarmHandleOneGroup: await series(`${report}/alarm/alarmHandleReport.json?startDate=${FROM}&endDate=${TO}&groupId=${groupId}`),
    alarmHandleOneVehicle: await series(`${report}/alarm/alarmHandleReport.json?startDate=${FROM}&endDate=${TO}&vehicleId=${one}`),
    loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100),
  };
  console.log(JSON.stringify(figures));
  await app.close();
} finally {
  await db.close();
  await root.query(`DROP DATABASE ${dbName}`);
  await root.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
