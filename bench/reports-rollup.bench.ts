// The daily report rollup on PostgreSQL: one Beijing day of N terminals reporting every
// `interval` s (half with an odometer, half measured from the track) rolled up in full; a pass
// during the day that reads only the last 5 minutes; then a 31-day mileage report page; the stays'
// statement alone and the 31-day stay report (all vehicles, one vehicle). A scratch database is created and dropped:
//   flock /tmp/chelian-bench.lock env DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
//     node --import tsx bench/reports-rollup.bench.ts [--terminals 1000] [--interval 30]
// Prints JSON. Times are wall clock of the statement (the work is in the PostgreSQL server).
import os from 'node:os';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { addDays, beijingDayStart } from '@chelian/contracts/beijingTime.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { openPostgres } from '../apps/server/src/db/postgres.ts';
import { seedAll } from '../apps/server/src/seed.ts';
import { createContext } from '../apps/server/src/context.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { MemoryBus } from '../apps/server/src/bus/bus.ts';
import { createLogger } from '../apps/server/src/log.ts';
import { rollupDay } from '../apps/server/src/modules/reports/rollup.service.ts';
import { reportsQueries } from '../apps/server/src/modules/reports/reports.queries.ts';
import { DROP_SHORT_STAYS, writeStays } from '../apps/server/src/modules/reports/staysSql.ts';
import { seedFleet, trackRows } from './support/seedFleet.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const TERMINALS = arg('terminals', 1000);
const INTERVAL = arg('interval', 30);
const DAY = '2026-05-02';

const admin = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `chelian_bench_rollup_${Date.now()}`;
const root = new pg.Client({ connectionString: admin });
await root.connect();
await root.query(`CREATE DATABASE ${dbName}`);
const url = new URL(admin);
url.pathname = `/${dbName}`;
const db = openPostgres({ connectionString: url.toString(), max: 2 });
try {
  await migrate(db);
  const ctx = await createContext(
    loadConfig({ DATA_DIR: os.tmpdir(), CHELIAN_ADMIN_PASSWORD: 'Bench#2026pw' }, []),
    db,
    new MemoryBus(),
    createLogger('warn'),
  );
  await seedAll(ctx);
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  const fleet = await seedFleet(client, TERMINALS);
  await client.query(`UPDATE terminals SET assigned_at = '2026-01-01T00:00:00Z'`);
  await client.query('SELECT ensure_position_partitions($1::date - 1, $1::date + 1)', [DAY]);
  const end = beijingDayStart(addDays(DAY, 1));
  const seedStart = performance.now();
  let rows = 0;
  const all = (function* () {
    for (const [i, v] of fleet.entries()) {
      for (const line of trackRows(v.terminalPk, 1, INTERVAL, end - 1000, 100 + i)) {
        rows++;
        // every other terminal reports no odometer: its mileage comes from the track
        yield i % 2 ? line.replace(/,[\d.]+,\{\}\n$/, ',,{}\n') : line;
      }
    }
  })();
  await pipeline(
    Readable.from(all),
    client.query(
      copyFrom(
        'COPY positions (terminal_id, gps_time, received_at, lat, lon, speed, course, altitude, valid, satellites, acc, mileage, alarms) FROM STDIN WITH (FORMAT csv)',
      ),
    ),
  );
  await client.query('ANALYZE positions');
  const seedMs = performance.now() - seedStart;
  await client.end();

  const now = end + 3 * 3600_000; // the day is over
  const rollupMs: number[] = [];
  for (let run = 0; run < 3; run++) {
    const t0 = performance.now();
    await rollupDay(db, DAY, { now, wait: true });
    rollupMs.push(Math.round(performance.now() - t0));
  }
  // While the day runs: a pass that reads only the last 5 minutes (what arrived since the previous pass).
  const sinceMs: number[] = [];
  for (let run = 0; run < 2; run++) {
    await db.query(`DELETE FROM daily_terminal_stats WHERE day = $1::date`, [DAY]);
    await db.query(`DELETE FROM daily_stays WHERE day = $1::date`, [DAY]);
    await rollupDay(db, DAY, { now: end - 5 * 60_000 - 1000, wait: true });
    const t0 = performance.now();
    await rollupDay(db, DAY, { now: end - 1000, wait: true });
    sinceMs.push(Math.round(performance.now() - t0));
  }
  // The stays' share of that pass: their statements alone, from the same starting state.
  const staysSinceMs: number[] = [];
  for (let run = 0; run < 2; run++) {
    await db.query(`DELETE FROM daily_terminal_stats WHERE day = $1::date`, [DAY]);
    await db.query(`DELETE FROM daily_stays WHERE day = $1::date`, [DAY]);
    await rollupDay(db, DAY, { now: end - 5 * 60_000 - 1000, wait: true });
    const t0 = performance.now();
    await db.tx(async (q) => {
      await writeStays(q, 'since', {}, [new Date(beijingDayStart(DAY)), DAY, new Date(end - 1000)]);
      await q.query(DROP_SHORT_STAYS, [DAY]);
    });
    staysSinceMs.push(Math.round(performance.now() - t0));
  }
  await rollupDay(db, DAY, { now, wait: true });
  const reportMs: number[] = [];
  const filter = { scope: '/', isPlatformAdmin: true, vehicleId: null, groupId: null, keyword: null, from: addDays(DAY, -30), to: DAY };
  for (let run = 0; run < 3; run++) {
    const t0 = performance.now();
    await reportsQueries.dailyPage(db, filter, 10, 0);
    reportMs.push(Math.round(performance.now() - t0));
  }
  // The stays' share of the full pass: their statement alone, on the finished day.
  const staysMs: number[] = [];
  for (let run = 0; run < 2; run++) {
    const t0 = performance.now();
    await db.tx(async (q) => {
      await q.query('DELETE FROM daily_stays WHERE day = $1::date', [DAY]);
      await writeStays(q, 'full', {}, [new Date(beijingDayStart(DAY)), DAY, new Date(end)]);
    });
    staysMs.push(Math.round(performance.now() - t0));
  }
  // 停留报表: the first page over every vehicle for 31 days, and one vehicle's 31 days.
  const stayReportMs: number[] = [];
  const oneVehicleMs: number[] = [];
  const [anyVehicle] = await db.query<{ id: number }>('SELECT id FROM vehicles WHERE terminal_id IS NOT NULL ORDER BY id LIMIT 1');
  for (let run = 0; run < 3; run++) {
    let t0 = performance.now();
    await reportsQueries.stayPage(db, filter, 300, 10, 0);
    stayReportMs.push(Math.round(performance.now() - t0));
    t0 = performance.now();
    await reportsQueries.stayPage(db, { ...filter, vehicleId: anyVehicle.id }, 300, 10, 0);
    oneVehicleMs.push(Math.round(performance.now() - t0));
  }
  const [stays] = await db.query<{ n: number; long: number }>(
    'SELECT count(*)::int AS n, count(*) FILTER (WHERE seconds >= 300)::int AS long FROM daily_stays',
  );
  const [check] = await db.query<{ n: number; km: number }>(
    'SELECT count(*)::int AS n, sum(mileage_km)::float8 AS km FROM daily_terminal_stats',
  );
  console.log(
    JSON.stringify({
      terminals: TERMINALS,
      intervalSeconds: INTERVAL,
      positions: rows,
      seedSeconds: Math.round(seedMs / 100) / 10,
      rollupDayMs: rollupMs,
      positionsPerSecond: Math.round(rows / (Math.min(...rollupMs) / 1000)),
      last5MinutesPassMs: sinceMs,
      staysOfThatPassMs: staysSinceMs,
      mileageReport31DaysPageMs: reportMs,
      staysStatementMs: staysMs,
      stays: stays.n,
      staysOf5MinutesOrMore: stays.long,
      stayReport31DaysPageMs: stayReportMs,
      stayReportOneVehicleMs: oneVehicleMs,
      statsRows: check.n,
      avgKmPerTerminal: Math.round((check.km / check.n) * 10) / 10,
      loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100),
    }),
  );
} finally {
  await db.close();
  await root.query(`DROP DATABASE ${dbName}`);
  await root.end();
}
