// 里程报表 over 10 000 vehicles × 31 days of daily figures, on PostgreSQL, through the real HTTP
// endpoint (dayMileage.json over a socket, logged in as admin): the first page of the whole
// fleet's month (310 000 vehicle-days counted, totalled and sorted), a page further on, one
// group, a plate keyword, one vehicle. Target (issue 16): first page under 500 ms.
// The daily figures are written straight into daily_terminal_stats (the rollup has its own bench,
// reports-rollup). A scratch database is created and dropped:
//   flock /tmp/chelian-bench.lock env DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
//     node --import tsx bench/report-mileage-31d.bench.ts [--vehicles 10000] [--days 31] [--runs 7] [--keep]
// Prints JSON. Times are wall clock of the HTTP request, client and server on the same machine.
import { addDays, beijingDayOf } from '@chelian/contracts/beijingTime.ts';
import { createScratchDb, keepArg, loadAverage, loginAs, numberArg, timeRequests } from './support/reportBench.ts';
import { seedFleet } from './support/seedFleet.ts';

const VEHICLES = numberArg('vehicles', 10_000);
const DAYS = numberArg('days', 31);
const RUNS = numberArg('runs', 7);
// The month up to yesterday (Beijing): finished days, as a fleet manager asks for them.
const TO = addDays(beijingDayOf(Date.now()), -1);
const FROM = addDays(TO, -(DAYS - 1));

const scratch = await createScratchDb('mileage');
const { client, ctx } = scratch;
try {
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
  await client.query(
    `INSERT INTO daily_rollup_days (day, rolled_up_at, final) SELECT d::date, now(), true FROM generate_series($1::date, $2::date, interval '1 day') d`,
    [FROM, TO],
  );
  await client.query('ANALYZE');
  const seedMs = performance.now() - seedStart;
  const [{ n: statsRows }] = (await client.query<{ n: number }>('SELECT count(*)::int AS n FROM daily_terminal_stats')).rows;
  const [{ id: groupId }] = (await client.query<{ id: number }>('SELECT id FROM vehicle_groups ORDER BY id LIMIT 1')).rows;

  const api = await loginAs(ctx);
  /** One request; checks it answered a full page. */
  const series = async (query: string, expectRows = 10) => {
    const t = await timeRequests(async () => {
      const page = await api.get<{ total: number; list: unknown[] }>(
        `/car/v1/accelerate/report/mileage/dayMileage.json?startDate=${FROM}&endDate=${TO}${query}`,
      );
      if (page.list.length !== Math.min(10, expectRows)) throw new Error(`unexpected page of ${page.list.length} rows`);
      return page.total;
    }, RUNS);
    return { total: t.last, medianMs: t.medianMs, minMs: t.minMs, maxMs: t.maxMs };
  };

  const figures = {
    vehicles: VEHICLES,
    days: DAYS,
    range: [FROM, TO],
    statsRows,
    seedSeconds: Math.round(seedMs / 100) / 10,
    firstPage: await series(''),
    page100: await series('&current=100'),
    oneGroup: await series(`&groupId=${groupId}`),
    plateKeyword: await series('&keyword=%E7%B2%A4B'), // 粤B
    oneVehicle: await series(`&vehicleId=${fleet[VEHICLES >> 1].vehicleId}`),
    loadAverage: loadAverage(),
  };
  console.log(JSON.stringify(figures));
  await api.close();
} finally {
  await scratch.drop(keepArg());
}
