// 离线报表, 到期报表 and 报警处理统计 over a 10 000-vehicle fleet on PostgreSQL, through the real
// HTTP endpoints (logged in as admin): the fleet's first page with its totals and buckets, one
// group, one vehicle; a month of alarms (--alarms, default 100 000, 60 % handled by 20 operators).
// No target set by the issue; these read the terminals' state and the alarms, not the daily figures.
// A scratch database is created and dropped:
//   flock /tmp/chelian-bench.lock env DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
//     node --import tsx bench/fleet-reports.bench.ts [--vehicles 10000] [--alarms 100000] [--runs 7]
// Prints JSON. Times are wall clock of the HTTP request, client and server on the same machine.
import { addDays, beijingDayOf } from '@chelian/contracts/beijingTime.ts';
import { createScratchDb, keepArg, loadAverage, loginAs, numberArg, timeRequests } from './support/reportBench.ts';
import { seedFleet } from './support/seedFleet.ts';

const VEHICLES = numberArg('vehicles', 10_000);
const ALARMS = numberArg('alarms', 100_000);
const RUNS = numberArg('runs', 7);
const TO = beijingDayOf(Date.now());
const FROM = addDays(TO, -30);

const scratch = await createScratchDb('fleet_reports');
const { client, ctx } = scratch;
try {
  const seedStart = performance.now();
  const fleet = await seedFleet(client, VEHICLES);
  // The offline 15 %: silent from minutes to two months; every 50th never online. Service ends spread over ±120 days.
  await client.query(
    `UPDATE terminals SET last_seen_at = CASE WHEN id % 50 = 0 THEN NULL ELSE now() - (id % 1440) * interval '1 hour' END WHERE NOT online`,
  );
  await client.query(
    `UPDATE terminals SET service_expires_at = now() + ((id * 7919) % 240 - 120) * interval '1 day' + (id % 24) * interval '1 hour'`,
  );
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

  const api = await loginAs(ctx);
  const series = async (url: string) => {
    const t = await timeRequests(
      () => api.get<{ total?: number; totals: { total?: number } }>(url).then((b) => b.total ?? b.totals.total ?? 0),
      RUNS,
    );
    return { total: t.last, medianMs: t.medianMs, minMs: t.minMs, maxMs: t.maxMs };
  };
  const report = '/car/v1/accelerate/report';
  const one = fleet[VEHICLES >> 1].vehicleId;
  const figures = {
    vehicles: VEHICLES,
    alarms: ALARMS,
    seedSeconds: Math.round(seedMs / 100) / 10,
    offlineFirstPage: await series(`${report}/offline/offlineReport.json`),
    offlineOver7Days: await series(`${report}/offline/offlineReport.json?minHours=168`),
    offlineOneGroup: await series(`${report}/offline/offlineReport.json?groupId=${groupId}`),
    expireFirstPage: await series(`${report}/expire/expireReport.json?withinDays=30`),
    expireOneGroup: await series(`${report}/expire/expireReport.json?withinDays=90&groupId=${groupId}`),
    alarmHandleMonth: await series(`${report}/alarm/alarmHandleReport.json?startDate=${FROM}&endDate=${TO}`),
    alarmHandleOneGroup: await series(`${report}/alarm/alarmHandleReport.json?startDate=${FROM}&endDate=${TO}&groupId=${groupId}`),
    alarmHandleOneVehicle: await series(`${report}/alarm/alarmHandleReport.json?startDate=${FROM}&endDate=${TO}&vehicleId=${one}`),
    loadAverage: loadAverage(),
  };
  console.log(JSON.stringify(figures));
  await api.close();
} finally {
  await scratch.drop(keepArg());
}
