// 超速报表 and ACC报表 over one day, on PostgreSQL: first while the day is not final (both read its
// raw positions on each request), then after the jobs role's final pass stored its episodes and
// ACC switches (daily_overspeed, daily_acc_points) — for one vehicle and for a whole fleet's day. The day is loaded with COPY (`--vehicles` driving through a city,
// speeds up to 125 km/h against the default limit of 100, ACC off while stopped), then each report
// is asked over HTTP, logged in as admin. A scratch database is created and dropped:
//   flock /tmp/chelian-bench.lock env DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
//     node --import tsx bench/report-driving.bench.ts [--vehicles 1000] [--positions 800000] [--runs 5] [--keep]
// Prints JSON. Times are wall clock of the HTTP request, client and server on one machine.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom } from 'pg-copy-streams';
import { addDays, beijingDayStart } from '@chelian/contracts/beijingTime.ts';
import { rollupDay } from '../apps/server/src/modules/reports/rollup.service.ts';
import { createScratchDb, keepArg, loadAverage, loginAs, numberArg, timeRequests } from './support/reportBench.ts';
import { seedFleet, trackRows } from './support/seedFleet.ts';

const VEHICLES = numberArg('vehicles', 1000);
const POSITIONS = numberArg('positions', 800_000);
const RUNS = numberArg('runs', 5);
const INTERVAL = Math.round((86_400 * VEHICLES) / POSITIONS);
const DAY = '2026-05-02';

const scratch = await createScratchDb('driving');
const { client, ctx } = scratch;
try {
  const fleet = await seedFleet(client, VEHICLES);
  await client.query(`UPDATE terminals SET assigned_at = '2026-01-01T00:00:00Z'`);
  await client.query('SELECT ensure_position_partitions($1::date - 1, $1::date + 1)', [DAY]);
  const end = beijingDayStart(addDays(DAY, 1));
  let rows = 0;
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
  await client.query('ANALYZE positions');
  const [{ id: oneVehicle }] = (await client.query<{ id: number }>('SELECT id FROM vehicles ORDER BY id LIMIT 1')).rows;

  const api = await loginAs(ctx);
  const series = async (report: string, extra = '') => {
    const t = await timeRequests(
      () => api.get<{ total: number }>(`/car/v1/accelerate/report/${report}?startDate=${DAY}&endDate=${DAY}${extra}`).then((p) => p.total),
      RUNS,
    );
    return { rows: t.last, medianMs: t.medianMs, minMs: t.minMs, maxMs: t.maxMs };
  };

  const reports = async () => ({
    overspeedOneVehicle: await series('overspeed/overspeedReport.json', `&vehicleId=${oneVehicle}`),
    accOneVehicle: await series('acc/accReport.json', `&vehicleId=${oneVehicle}`),
    overspeedFleet: await series('overspeed/overspeedReport.json'),
    accFleet: await series('acc/accReport.json'),
  });
  // The day not final: read from its positions. Then the jobs role's final pass stores its
  // episodes and ACC switches (its time is a figure too), and the same reports read those.
  const fromPositions = await reports();
  const rollupStart = performance.now();
  await rollupDay(scratch.db, DAY, { now: beijingDayStart(addDays(DAY, 1)) + 3 * 3600_000, wait: true });
  const finalPassSeconds = Math.round((performance.now() - rollupStart) / 100) / 10;
  await client.query('ANALYZE daily_overspeed; ANALYZE daily_acc_points; ANALYZE daily_overspeed_limits');
  console.log(
    JSON.stringify({
      vehicles: VEHICLES,
      positions: rows,
      intervalSeconds: INTERVAL,
      day: DAY,
      fromPositions,
      finalPassSeconds,
      fromRollup: await reports(),
      loadAverage: loadAverage(),
    }),
  );
  await api.close();
} finally {
  await scratch.drop(keepArg());
}
