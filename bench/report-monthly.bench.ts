// 月度汇总 on PostgreSQL at fleet size: 10 000 vehicles with half a year of daily figures
// (1 830 000 rows of daily_terminal_stats, two days in three with alarms), the default six
// months as a platform administrator — the first page, a later page, one vehicle — each three
// times. A scratch database is created and dropped:
//   flock /tmp/chelian-bench.lock env DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
//     node --import tsx bench/report-monthly.bench.ts [--vehicles 10000] [--days 183]
// Prints JSON: wall-clock ms of monthlyQueries.page (its four statements run side by side).
import os from 'node:os';
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
import { monthlyQueries } from '../apps/server/src/modules/reports/monthly.queries.ts';
import type { ReportFilter } from '../apps/server/src/modules/reports/reports.queries.ts';
import { seedFleet } from './support/seedFleet.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const VEHICLES = arg('vehicles', 10_000);
const DAYS = arg('days', 183);
// The half year ending 2026-11-25: 2026-05-26 … 2026-11-24, asked as 2026-06 … 2026-11.
const FIRST_DAY = Date.parse('2026-05-26T00:00:00Z');

const admin = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `chelian_bench_monthly_${Date.now()}`;
const url = new URL(admin);
url.pathname = `/${dbName}`;
const root = new pg.Client({ connectionString: admin });
await root.connect();
await root.query(`CREATE DATABASE ${dbName}`);
const db = openPostgres({ connectionString: url.toString(), max: 4 });
try {
  await migrate(db);
  const ctx = await createContext(loadConfig({ DATA_DIR: os.tmpdir(), CHELIAN_ADMIN_PASSWORD: 'Bench#2026pw' }, []), db, new MemoryBus(), createLogger('warn'));
  await seedAll(ctx);
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  const fleet = await seedFleet(client, VEHICLES);
  await client.query(`UPDATE terminals SET assigned_at = '2026-01-01T00:00:00Z'`);
  const seedStart = performance.now();
  const rows = function* () {
    for (let d = 0; d < DAYS; d++) {
      const day = new Date(FIRST_DAY + d * 86_400_000).toISOString().slice(0, 10);
      for (const [i, v] of fleet.entries()) {
        const alarms = (i + d) % 3;
        const types = alarms ? `"{""sos"": ${alarms}, ""overspeed"": ${(i % 5) + 1}}"` : '{}';
        yield `${v.terminalPk},${day},${((i * 37 + d) % 4000) / 10},gps,${600 + (i % 3000)},${40 + (i % 80)},${100 + (i % 900)},${alarms ? alarms + (i % 5) + 1 : 0},${types},${40_000 + (i % 40_000)},86400\n`;
      }
    }
  };
  await pipeline(Readable.from(rows()), client.query(copyFrom(
    'COPY daily_terminal_stats (terminal_id, day, mileage_km, mileage_source, driving_seconds, max_speed, position_count, alarm_count, alarm_types, online_seconds, elapsed_seconds) FROM STDIN WITH (FORMAT csv)',
  )));
  await client.query('ANALYZE');
  await client.end();
  const seedMs = Math.round(performance.now() - seedStart);

  const all: ReportFilter = { scope: '/1/', isPlatformAdmin: true, vehicleId: null, groupId: null, keyword: null, from: '2026-06-01', to: '2026-11-25' };
  const time = async (f: ReportFilter, offset: number) => {
    const out: number[] = [];
    for (let run = 0; run < 3; run++) {
      const t0 = performance.now();
      await monthlyQueries.page(db, f, 10, offset);
      out.push(Math.round(performance.now() - t0));
    }
    return out;
  };
  console.log(JSON.stringify({
    bench: 'report-monthly', engine: 'postgres', vehicles: VEHICLES, days: DAYS, dailyRows: VEHICLES * DAYS, seedMs, months: 6,
    firstPageMs: await time(all, 0),
    page3001Ms: await time(all, 30_000),
    oneVehicleMs: await time({ ...all, vehicleId: fleet[Math.floor(VEHICLES / 2)].vehicleId }, 0),
    loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100),
  }, null, 2));
} finally {
  await db.close();
  await root.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
  await root.end();
}
