// A one-day report over 8 000 000 positions, on PostgreSQL. Target (issue 16): under 300 ms
// (Traccar's users report 30 s for this). The day is loaded with COPY (10 000 vehicles driving
// through a city, a report every 108 s: 800 each), rolled up as the jobs role does once the day
// is over (one full pass: daily figures and stays; its time is a figure too), then the reports of
// that day are asked over HTTP, logged in as admin: 里程报表 (all 10 000 vehicles, first page),
// 停留报表 and 行程报表 (the trips of the page read their own positions). A scratch database is
// created and dropped:
//   flock /tmp/chelian-bench.lock env DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
//     node --import tsx bench/report-8m.bench.ts [--vehicles 10000] [--positions 8000000] [--runs 7] [--keep]
// Prints JSON. Report times are wall clock of the HTTP request, client and server on one machine.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom } from 'pg-copy-streams';
import { addDays, beijingDayStart } from '@chelian/contracts/beijingTime.ts';
import { rollupDay } from '../apps/server/src/modules/reports/rollup.service.ts';
import { createScratchDb, keepArg, loadAverage, loginAs, numberArg, timeRequests } from './support/reportBench.ts';
import { seedFleet, trackRows } from './support/seedFleet.ts';

const VEHICLES = numberArg('vehicles', 10_000);
const POSITIONS = numberArg('positions', 8_000_000);
const RUNS = numberArg('runs', 7);
const INTERVAL = Math.round((86_400 * VEHICLES) / POSITIONS);
const DAY = '2026-05-02';

const scratch = await createScratchDb('8m');
const { client, ctx, db } = scratch;
try {
  const fleet = await seedFleet(client, VEHICLES);
  await client.query(`UPDATE terminals SET assigned_at = '2026-01-01T00:00:00Z'`);
  await client.query('SELECT ensure_position_partitions($1::date - 1, $1::date + 1)', [DAY]);

  // The day's positions, one COPY: each vehicle drives its own city track (stops included).
  const end = beijingDayStart(addDays(DAY, 1));
  let rows = 0;
  const loadStart = performance.now();
  const all = (function* () {
    for (const [i, v] of fleet.entries()) {
      for (const line of trackRows(v.terminalPk, 1, INTERVAL, end - 1000, 100 + i)) {
        rows++;
        yield line;
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
  const copyMs = performance.now() - loadStart;
  await client.query('ANALYZE positions');
  const [{ size }] = (
    await client.query<{ size: string }>(
      `SELECT pg_size_pretty(pg_total_relation_size('positions_20260501') + pg_total_relation_size('positions_20260502')) AS size`,
    )
  ).rows;

  // The jobs role's pass once the day and its grace are over: the full, final pass.
  const rollupStart = performance.now();
  const result = await rollupDay(db, DAY, { now: end + 3 * 3600_000, wait: true });
  const rollupMs = performance.now() - rollupStart;
  const [counts] = await db.query<{ stats: number; stays: number }>(
    `SELECT (SELECT count(*) FROM daily_terminal_stats WHERE day = $1::date)::int AS stats, (SELECT count(*) FROM daily_stays WHERE day = $1::date)::int AS stays`,
    [DAY],
  );
  await db.query('ANALYZE daily_terminal_stats; ANALYZE daily_stays');

  const api = await loginAs(ctx);
  const series = async (report: string) => {
    const t = await timeRequests(async () => {
      const page = await api.get<{ total: number; list: unknown[] }>(`/car/v1/accelerate/report/${report}?startDate=${DAY}&endDate=${DAY}`);
      if (page.list.length !== 10) throw new Error(`unexpected page of ${page.list.length} rows`);
      return page.total;
    }, RUNS);
    return { total: t.last, medianMs: t.medianMs, minMs: t.minMs, maxMs: t.maxMs };
  };

  console.log(
    JSON.stringify({
      vehicles: VEHICLES,
      positions: rows,
      intervalSeconds: INTERVAL,
      day: DAY,
      positionsSize: size,
      copySeconds: Math.round(copyMs / 100) / 10,
      copyRowsPerSecond: Math.round(rows / (copyMs / 1000)),
      rollupSeconds: Math.round(rollupMs / 100) / 10,
      rollupPositionsPerSecond: Math.round(rows / (rollupMs / 1000)),
      rollup: result,
      statsRows: counts.stats,
      stays: counts.stays,
      mileageReport: await series('mileage/dayMileage.json'),
      stayReport: await series('stay/stayReport.json'),
      tripReport: await series('trip/tripReport.json'),
      loadAverage: loadAverage(),
    }),
  );
  await api.close();
} finally {
  await scratch.drop(keepArg());
}
