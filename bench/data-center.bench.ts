// The data centre's overview (数据总览 / 运营大屏, one call per refresh) at N vehicles on PostgreSQL:
// latest positions for every vehicle, 30 days of daily rollups, 30 days of alarms (today's among
// them), today's presence transitions and service expiries. A scratch database is created and dropped:
//   flock /tmp/chelian-bench.lock env DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
//     node --import tsx bench/data-center.bench.ts [--vehicles 10000] [--runs 20] [--keep]
// Prints JSON. A refresh is the whole service call (its queries on a pool of 4, the geocoding of
// every vehicle, the answer's assembly) plus JSON.stringify of the answer: `refreshMs` as a page
// refreshing meets it (the 30-day figures from the service's one-minute cache), `coldRefreshMs`
// with them read too, from the rollup's summary (migration 0029, refreshed once after seeding as
// the rollup's pass does: `summaryRefreshMs`), and `coldRefreshFromDailyRowsMs` from the 300 000
// daily rows (no summary yet, or a vehicle changed hands since it was counted). The first call, which also loads the offline geocoder (~0.5–1 s, once per
// process), is reported apart.
import os from 'node:os';
import { DataCenterService } from '../apps/server/src/modules/dataCenter/dataCenter.service.ts';
import { refreshFleetSummary } from '../apps/server/src/modules/reports/fleetSummary.ts';
import { createScratchDb, keepArg, numberArg } from './support/reportBench.ts';
import { seedFleet } from './support/seedFleet.ts';

const VEHICLES = numberArg('vehicles', 10_000);
const RUNS = numberArg('runs', 20);

const stats = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return { median: at(0.5), p95: at(0.95), min: s[0], max: s.at(-1) };
};

const scratch = await createScratchDb('dc');
const { client, db } = scratch;
try {
  const seedStart = performance.now();
  await seedFleet(client, VEHICLES);
  const {
    rows: [account],
  } = await client.query<{ id: number; path: string }>('SELECT id, path FROM accounts WHERE parent_id IS NULL ORDER BY id LIMIT 1');
  await client.query(`UPDATE terminals SET assigned_at = now() - interval '400 days'`);
  // 30 Beijing days of rollups for every terminal (yesterday back; today's too, as the rollup writes it).
  await client.query(`
    INSERT INTO daily_terminal_stats (terminal_id, day, mileage_km, alarm_count, online_seconds, position_count, driving_seconds)
    SELECT t.id, d::date, round((random() * 250)::numeric, 2), floor(random() * random() * 4)::int,
           CASE WHEN random() < 0.85 THEN floor(random() * 80000)::int ELSE 0 END, floor(random() * 8000)::int, floor(random() * 20000)::int
      FROM terminals t CROSS JOIN generate_series((now() AT TIME ZONE 'Asia/Shanghai')::date - 29, (now() AT TIME ZONE 'Asia/Shanghai')::date, interval '1 day') d`);
  // Alarms: ~0.6 per vehicle a day over 30 days, so today's are among ~180 000 rows.
  await client.query(`
    INSERT INTO alarms (terminal_id, account_id, vehicle_id, type, alarm_time, lat, lon, speed)
    SELECT v.terminal_id, v.account_id, v.id,
           (ARRAY['overspeed','sos','lowBattery','powerCut','fatigue','geofenceEnter','geofenceExit'])[1 + floor(random() * 7)::int],
           now() - random() * interval '30 days', 22.5, 114.0, 50
      FROM vehicles v CROSS JOIN generate_series(1, 18) g`);
  // Today's presence: a fifth of the fleet went off and on again a few times.
  await client.query(`
    INSERT INTO presence_events (terminal_id, at, online)
    SELECT t.id, now() - (k * interval '90 minutes') - random() * interval '30 minutes', k % 2 = 0
      FROM terminals t CROSS JOIN generate_series(1, 4) k WHERE t.id % 5 = 0`);
  await client.query(`UPDATE terminals SET service_expires_at = now() + random() * interval '30 days' WHERE id % 33 = 0`);
  await client.query(`UPDATE terminals SET service_expires_at = now() - random() * interval '90 days' WHERE id % 97 = 0`);
  await client.query('ANALYZE');
  const seedMs = Math.round(performance.now() - seedStart);
  const counts = (
    await client.query<{ stats: number; alarms: number; presence: number }>(
      `SELECT (SELECT count(*) FROM daily_terminal_stats)::int AS stats, (SELECT count(*) FROM alarms)::int AS alarms, (SELECT count(*) FROM presence_events)::int AS presence`,
    )
  ).rows[0];
  // The summary the rollup's pass leaves (daily_account_stats, terminal_recent_mileage).
  const summaryStart = performance.now();
  await refreshFleetSummary(db, Date.now(), [], true);
  const summaryMs = Math.round(performance.now() - summaryStart);

  // warm: one app's service, as a screen refreshing every few seconds meets it (the 30-day
  // figures come from its one-minute cache); cold: a new service each time (they are read too).
  const measure = async (user: { accountPath: string; isPlatformAdmin: boolean }) => {
    const service = new DataCenterService(db);
    const t0 = performance.now();
    const first = await service.overview(user);
    const firstMs = Math.round(performance.now() - t0);
    const warm: number[] = [];
    const cold: number[] = [];
    let bytes = 0;
    for (let run = 0; run < RUNS; run++) {
      let t = performance.now();
      bytes = JSON.stringify(await service.overview(user)).length;
      warm.push(Math.round((performance.now() - t) * 10) / 10);
      t = performance.now();
      JSON.stringify(await new DataCenterService(db).overview(user));
      cold.push(Math.round((performance.now() - t) * 10) / 10);
    }
    return {
      firstCallMs: firstMs,
      refreshMs: stats(warm),
      coldRefreshMs: stats(cold),
      answerBytes: bytes,
      fleet: first.fleet,
      regions: first.regions.length,
      alarmsToday: first.alarmsToday.total,
    };
  };

  const platformAdmin = await measure({ accountPath: account.path, isPlatformAdmin: true });
  const customerScope = await measure({ accountPath: account.path, isPlatformAdmin: false });
  // The same without the summary (before the rollup's first pass, or a vehicle just changed hands): the daily rows.
  await client.query('DELETE FROM data_center_summary');
  const fromDailyRows = {
    platformAdmin: (await measure({ accountPath: account.path, isPlatformAdmin: true })).coldRefreshMs,
    customerScope: (await measure({ accountPath: account.path, isPlatformAdmin: false })).coldRefreshMs,
  };
  console.log(
    JSON.stringify(
      {
        bench: 'data-center',
        vehicles: VEHICLES,
        runs: RUNS,
        seeded: { ...counts, ms: seedMs },
        summaryRefreshMs: summaryMs,
        platformAdmin,
        customerScope,
        coldRefreshFromDailyRowsMs: fromDailyRows,
        target: { refreshMs: 200 },
        cpus: os.cpus().length,
        load: os.loadavg().map((l) => Math.round(l * 10) / 10),
        at: new Date().toISOString(),
      },
      null,
      2,
    ),
  );
} finally {
  await scratch.drop(keepArg());
}
