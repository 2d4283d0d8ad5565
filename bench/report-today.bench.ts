// Today's catch-up on read (modules/reports/todayCurrent.ts) over a fleet, on PostgreSQL: the
// check of which vehicles' rows of today are behind (one per report of today), and the scoped
// incremental step when every vehicle sent a position since (the worst a fleet-wide page pays).
// A scratch database is created and dropped:
//   flock /tmp/chelian-bench.lock env DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
//     node --import tsx bench/report-today.bench.ts [--vehicles 10000] [--runs 5]
// Prints JSON (milliseconds, wall clock).
import { beijingDayOf, beijingDayStart } from '@chelian/contracts/beijingTime.ts';
import { rollupQueries } from '../apps/server/src/modules/reports/rollup.queries.ts';
import { bringDayUpToDate } from '../apps/server/src/modules/reports/todayCurrent.ts';
import type { ReportFilter } from '../apps/server/src/modules/reports/reports.queries.ts';
import { createScratchDb, keepArg, loadAverage, numberArg } from './support/reportBench.ts';
import { seedFleet } from './support/seedFleet.ts';

const VEHICLES = numberArg('vehicles', 10_000);
const RUNS = numberArg('runs', 5);

const scratch = await createScratchDb('today');
const { client, db } = scratch;
try {
  await seedFleet(client, VEHICLES);
  const today = beijingDayOf(Date.now());
  const start = new Date(beijingDayStart(today));
  const fleet: ReportFilter = { scope: '/', isPlatformAdmin: true, vehicleId: null, groupId: null, keyword: null, from: today, to: today };
  const vehicleParams = ['/', null, null, null];
  // Every terminal reports once more (a minute apart each round); a third of them raise an alarm.
  const report = async (round: number) => {
    const at = `now() - interval '${RUNS + 2 - round} minutes'`;
    await client.query(
      `INSERT INTO positions (terminal_id, gps_time, received_at, lat, lon, speed) SELECT id, ${at}, now(), 22.5 + ${round} * 0.001, 114, 30 FROM terminals`,
    );
    await client.query(
      `INSERT INTO latest_positions (terminal_id, gps_time, received_at, lat, lon, speed) SELECT id, ${at}, now(), 22.5 + ${round} * 0.001, 114, 30 FROM terminals
       ON CONFLICT (terminal_id) DO UPDATE SET gps_time = EXCLUDED.gps_time, received_at = EXCLUDED.received_at, lat = EXCLUDED.lat`,
    );
    await client.query(
      `INSERT INTO alarms (terminal_id, account_id, type, alarm_time) SELECT id, 1, 'sos', ${at} FROM terminals WHERE id % 3 = ${round % 3}`,
    );
  };
  const ms = async (fn: () => Promise<unknown>) => {
    const t0 = performance.now();
    await fn();
    return Math.round(performance.now() - t0);
  };
  const check: number[] = [];
  const step: number[] = [];
  const upToDate: number[] = [];
  for (let round = 0; round < RUNS; round += 1) {
    await report(round);
    if (round === 0) await client.query('ANALYZE');
    check.push(await ms(() => rollupQueries.behindTerminals(db, vehicleParams, today, start, new Date())));
    step.push(await ms(() => bringDayUpToDate(db, fleet, today)));
    upToDate.push(await ms(() => bringDayUpToDate(db, fleet, today)));
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(
    JSON.stringify(
      {
        vehicles: VEHICLES,
        runs: RUNS,
        load: loadAverage(),
        checkMs: { median: median(check), all: check },
        stepAllBehindMs: { median: median(step), all: step },
        nothingBehindMs: { median: median(upToDate), all: upToDate },
      },
      null,
      2,
    ),
  );
} finally {
  await scratch.drop(keepArg());
}
