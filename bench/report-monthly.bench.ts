// 月度汇总 on PostgreSQL at fleet size: 10 000 vehicles with half a year of daily figures
// (1 830 000 rows of daily_terminal_stats, two days in three with alarms), the default six
// months as a platform administrator — the first page, a later page, one vehicle. A scratch database is created and dropped:
//   flock /tmp/chelian-bench.lock env DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
//     node --import tsx bench/report-monthly.bench.ts [--vehicles 10000] [--days 183] [--keep]
// The days are marked final and the finished months (June–October) summed into
// monthly_terminal_stats as the rollup's tick does. Prints JSON: wall-clock ms of
// monthlyQueries.page (its statements run side by side), a warm-up then three runs; last, the
// first page again with every month read from its days.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom } from 'pg-copy-streams';
import { monthlyQueries } from '../apps/server/src/modules/reports/monthly.queries.ts';
import type { ReportFilter } from '../apps/server/src/modules/reports/reports.queries.ts';
import { rollupFinishedMonths } from '../apps/server/src/modules/reports/monthlyRollup.ts';
import { createScratchDb, keepArg, loadAverage, numberArg, timeRequests } from './support/reportBench.ts';
import { seedFleet } from './support/seedFleet.ts';
import { DAY_MS } from '@chelian/contracts/beijingTime.ts';

const VEHICLES = numberArg('vehicles', 10_000);
const DAYS = numberArg('days', 183);
// The half year ending 2026-11-25: 2026-05-26 … 2026-11-24, asked as 2026-06 … 2026-11.
const FIRST_DAY = Date.parse('2026-05-26T00:00:00Z');

const scratch = await createScratchDb('monthly');
const { client, db } = scratch;
try {
  const fleet = await seedFleet(client, VEHICLES);
  await client.query(`UPDATE terminals SET assigned_at = '2026-01-01T00:00:00Z'`);
  const seedStart = performance.now();
  const rows = function* () {
    for (let d = 0; d < DAYS; d++) {
      const day = new Date(FIRST_DAY + d * DAY_MS).toISOString().slice(0, 10);
      for (const [i, v] of fleet.entries()) {
        const alarms = (i + d) % 3;
        const types = alarms ? `"{""sos"": ${alarms}, ""overspeed"": ${(i % 5) + 1}}"` : '{}';
        yield `${v.terminalPk},${day},${((i * 37 + d) % 4000) / 10},gps,${600 + (i % 3000)},${40 + (i % 80)},${100 + (i % 900)},${alarms ? alarms + (i % 5) + 1 : 0},${types},${40_000 + (i % 40_000)},86400\n`;
      }
    }
  };
  await pipeline(
    Readable.from(rows()),
    client.query(
      copyFrom(
        'COPY daily_terminal_stats (terminal_id, day, mileage_km, mileage_source, driving_seconds, max_speed, position_count, alarm_count, alarm_types, online_seconds, elapsed_seconds) FROM STDIN WITH (FORMAT csv)',
      ),
    ),
  );
  const seedMs = Math.round(performance.now() - seedStart);
  // The days final, and the finished months summed as the rollup's tick does (June–October; November is not over).
  await client.query(
    `INSERT INTO daily_rollup_days (day, rolled_up_at, final) SELECT d::date, now(), true FROM generate_series($1::date, $1::date + $2::int - 1, interval '1 day') d`,
    [new Date(FIRST_DAY).toISOString().slice(0, 10), DAYS],
  );
  const monthsStart = performance.now();
  const months = await rollupFinishedMonths(db, ['2026-06-01', '2026-07-01', '2026-08-01', '2026-09-01', '2026-10-01', '2026-11-01'], true);
  const monthlyRollupMs = Math.round(performance.now() - monthsStart);
  await client.query('ANALYZE');

  const all: ReportFilter = {
    scope: '/1/',
    isPlatformAdmin: true,
    vehicleId: null,
    groupId: null,
    keyword: null,
    from: '2026-06-01',
    to: '2026-11-25',
  };
  const time = async (f: ReportFilter, offset: number) => {
    const t = await timeRequests(() => monthlyQueries.page(db, f, 10, offset), 3);
    return { medianMs: t.medianMs, minMs: t.minMs, maxMs: t.maxMs };
  };
  console.log(
    JSON.stringify(
      {
        bench: 'report-monthly',
        engine: 'postgres',
        vehicles: VEHICLES,
        days: DAYS,
        dailyRows: VEHICLES * DAYS,
        seedMs,
        months: 6,
        firstPage: await time(all, 0),
        page3001: await time(all, 30_000),
        oneVehicle: await time({ ...all, vehicleId: fleet[Math.floor(VEHICLES / 2)].vehicleId }, 0),
        monthsRolledUp: months,
        monthlyRollupMs,
        // The same first page with every month read from its days (before the monthly rollup).
        firstPageFromDays: await client.query('DELETE FROM monthly_rollup_months').then(() => time(all, 0)),
        loadAverage: loadAverage(),
      },
      null,
      2,
    ),
  );
} finally {
  await scratch.drop(keepArg());
}
