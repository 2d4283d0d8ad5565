// What 新国标 costs at a fleet's size: N registered bikes, each module with R stored BMS reports.
// Through the real server code on its storage: the battery board (every bike's newest report,
// ranked by risk, first page), the statistics, the registry's first page, one sweep of the GB alarm
// engine (battery mismatch over the newest reports, communication lost over presence) when nothing
// changed and when every module sent a new report, and the engine's cost per position of vehicles
// that are not registered and of registered bikes under 25 km/h. Prints JSON.
// Run: node --import tsx bench/elec-gb.bench.ts [--bikes 10000] [--reports 20] [--positions 100000]
//      (TEST_ENGINE=postgres DATABASE_URL=… for PostgreSQL; PGlite by default)
import os from 'node:os';
import type { LastPosition } from '@chelian/contracts';
import { createTestServer } from '../apps/server/src/testing/testServer.ts';
import { createTenant } from '../apps/server/src/testing/fixtures.ts';
import { GbAlarmEngine } from '../apps/server/src/modules/elecGb/gbEngine.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const BIKES = arg('bikes', 10_000);
const REPORTS = arg('reports', 20);
const POSITIONS = arg('positions', 100_000);

const t = await createTestServer();
const tenant = await createTenant(t, { codes: 'all' });
const db = t.ctx.db;
const seedStart = performance.now();
// Modules (half online), one registration each (a third with no CCC number, every fifth commercial),
// R reports each a minute apart, the newest of every 50th bike hot, every 100th bike's pack not the registered one.
await db.query(
  `INSERT INTO terminals (identifier, identifier_key, protocol, account_id, online, last_seen_at)
   SELECT '8691' || lpad(g::text, 11, '0'), '8691' || lpad(g::text, 11, '0'), 'gt06', $1, g % 2 = 0, now() FROM generate_series(1, $2) g`,
  [tenant.accountId, BIKES * 2],
);
await db.query(
  `INSERT INTO elec_gb_bikes (account_id, terminal_id, frame_no, plate, ccc_cert, battery_code, owner_name, owner_id_no, use_type, positioning_consent, state, declare_token)
   SELECT $1, t.id, 'YDB' || lpad(t.id::text, 10, '0'), '', CASE WHEN t.id % 3 = 0 THEN '' ELSE 'CCC' || t.id END, 'BT' || t.id, '张三', '11010519491231002X',
          CASE WHEN t.id % 5 = 0 THEN 'rental' ELSE 'personal' END, true, 'registered', md5(t.id::text)
     FROM terminals t WHERE t.account_id = $1 ORDER BY t.id LIMIT $2`,
  [tenant.accountId, BIKES],
);
await db.query(
  `INSERT INTO ebike_battery_reports (terminal_id, received_at, battery_serial, soc_pct, remaining_mah, absolute_soc_pct, full_mah, health_pct, temperature_c,
     current_a, voltage_v, cycles, cell_volts, charge_interval_h, max_charge_interval_h, barcode, battery_version, manufacturer, battery_status, controller_status, controller_fault)
   SELECT b.terminal_id, now() - (r || ' minutes')::interval, '00000000000000' || lpad((b.id % 100)::text, 2, '0'), 70, 14000, 70, 20000, 60 + (b.id % 40),
          CASE WHEN r = 0 AND b.id % 50 = 0 THEN 62 ELSE 30 END, -5, 51.2, 100, ARRAY[3.9,3.92,3.91,3.93,3.9,3.94,3.9,3.92,3.91,3.9,3.93,3.92,3.9]::float8[],
          1, 2, CASE WHEN b.id % 100 = 0 THEN 'OTHERPACK' ELSE 'BT' || b.terminal_id END, 1, '', 0, 0, 0
     FROM elec_gb_bikes b CROSS JOIN generate_series(0, $1 - 1) r`,
  [REPORTS],
);
await db.query('ANALYZE');
const seedMs = Math.round(performance.now() - seedStart);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
async function timed(url: string, runs = 5) {
  const ms: number[] = [];
  let body: { flag: number; obj: { total?: number } } | undefined;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    body = (await t.call(tenant.sessionId, { url })).json();
    ms.push(performance.now() - started);
  }
  if (body?.flag !== 1) throw new Error(`${url}: ${JSON.stringify(body).slice(0, 200)}`);
  return { medianMs: Math.round(median(ms)), minMs: Math.round(Math.min(...ms)) };
}

const board = await timed('/elec-gb/v1/api/battery/board.json?pageSize=20');
const stats = await timed('/elec-gb/v1/api/stats/summary.json');
const list = await timed('/elec-gb/v1/api/bike/list.json?pageSize=20');

const engine = new GbAlarmEngine(db, () => undefined);
const sweepTime = async () => {
  const started = performance.now();
  await engine.sweep();
  return Math.round(performance.now() - started);
};
const firstSweepMs = await sweepTime(); // every module's newest report compared once, the offline half flagged
const idleSweepMs = median([await sweepTime(), await sweepTime(), await sweepTime()]);
const alarms = (await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM alarms`))!.n;

let clock = Date.now();
const identifiers = await db.query<{ identifier: string; registered: boolean }>(
  `SELECT t.identifier, b.id IS NOT NULL AS registered FROM terminals t LEFT JOIN elec_gb_bikes b ON b.terminal_id = t.id WHERE t.account_id = $1 ORDER BY t.id`,
  [tenant.accountId],
);
const registered = identifiers.filter((r) => r.registered).map((r) => r.identifier);
const others = identifiers.filter((r) => !r.registered).map((r) => r.identifier);
const position = (terminalId: string, speed: number): LastPosition => ({
  terminalId,
  vehicleId: null,
  plate: '',
  name: '',
  lat: 31.2304,
  lon: 121.4737,
  speed,
  direction: 0,
  altitude: 0,
  gpsTime: ++clock,
  receivedAt: clock,
  valid: true,
  online: true,
  acc: true,
  satellites: 9,
  mileage: null,
  alarms: [],
  alarmNames: [],
  extras: {},
});
async function stream(ids: string[], count: number) {
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  for (let k = 0; k < count; k += 1000) {
    const burst: Promise<void>[] = [];
    for (let j = k; j < Math.min(count, k + 1000); j++) burst.push(engine.position(position(ids[j % ids.length]!, 18)));
    await Promise.all(burst);
  }
  await engine.idle();
  const ms = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  return {
    positions: count,
    ms: Math.round(ms),
    perSecond: Math.round((count / ms) * 1000),
    cpuUsPerPosition: Math.round(((cpu.user + cpu.system) / count) * 10) / 10,
  };
}
await stream(registered, registered.length); // warm-up: the watched set and every bike's state loaded once
const notRegistered = await stream(others, POSITIONS);
const registeredUnder25 = await stream(registered, POSITIONS);

await t.close();
console.log(
  JSON.stringify(
    {
      bench: 'elec-gb',
      engine: process.env.TEST_ENGINE ?? 'pglite',
      bikes: BIKES,
      reportsPerBike: REPORTS,
      seedMs,
      batteryBoardFirstPage: board,
      stats,
      registryFirstPage: list,
      sweep: { firstMs: firstSweepMs, idleMs: idleSweepMs, alarmsRaised: alarms },
      positions: { notRegistered, registeredUnder25 },
      cpus: os.cpus().length,
      date: new Date().toISOString().slice(0, 10),
    },
    null,
    2,
  ),
);
