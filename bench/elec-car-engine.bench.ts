// What 电单车卫士's engine (modules/elecCar: derived alarms, pending safe cuts) costs per position it
// is fed (core/positionFeed.ts). Three streams through the real engine and storage: positions of vehicles that
// are not e-bikes (dropped by the cached id set), of armed e-bikes standing still (the guard rule
// runs, nothing changes, nothing is written), and of e-bikes crossing their overspeed threshold on
// every other fix (a state write and an alarm each time). Target: well above the 10 000 positions/s
// of the design's largest tenant for the first two. Prints JSON.
// Run: node --import tsx bench/elec-car-engine.bench.ts [--vehicles 2000] [--bikes 500] [--positions 100000]
//      (TEST_ENGINE=postgres DATABASE_URL=… for PostgreSQL; PGlite by default)
import os from 'node:os';
import type { PositionFields, TerminalLabel } from '../apps/server/src/core/position.presenter.ts';
import { createTestServer } from '../apps/server/src/testing/testServer.ts';
import { createTenant } from '../apps/server/src/testing/fixtures.ts';
import { startElecCarEngine } from '../apps/server/src/modules/elecCar/elecCarEngine.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const VEHICLES = arg('vehicles', 2000);
const BIKES = arg('bikes', 500);
const POSITIONS = arg('positions', 100_000);
const FLIPS = arg('flips', 2000);

const t = await createTestServer();
const tenant = await createTenant(t);
const db = t.ctx.db;
// Terminals and vehicles in one statement each; the first BIKES of them e-bikes, armed where they stand.
await db.query(
  `INSERT INTO terminals (identifier, identifier_key, protocol, account_id)
   SELECT '8690' || lpad(g::text, 11, '0'), '8690' || lpad(g::text, 11, '0'), 'gt06', $1 FROM generate_series(1, $2) g`,
  [tenant.accountId, VEHICLES],
);
await db.query(
  `INSERT INTO vehicles (account_id, terminal_id, name, type)
   SELECT $1, t.id, t.identifier, 'vehicle' FROM terminals t WHERE t.account_id = $1 ORDER BY t.id`,
  [tenant.accountId],
);
const vehicles = (
  await db.query<{ id: number; identifier: string }>(
    `SELECT v.id, t.identifier FROM vehicles v JOIN terminals t ON t.id = v.terminal_id WHERE v.account_id = $1 ORDER BY v.id`,
    [tenant.accountId],
  )
).map((r) => ({ id: Number(r.id), identifier: r.identifier }));
const bikes = vehicles.slice(0, BIKES);
const others = vehicles.slice(BIKES);
await db.query(
  `INSERT INTO elec_car_bikes (vehicle_id, armed, armed_lat, armed_lon) SELECT unnest($1::bigint[]), true, 31.2304, 121.4737`,
  [bikes.map((b) => b.id)],
);

const engine = startElecCarEngine(t.ctx, { sweepMs: 3_600_000 });
let clock = Date.now();
/** A terminal and one stored fix of it, as the gateway feeds them. */
const position = (v: { id: number; identifier: string }, speed: number, acc: boolean): [TerminalLabel, PositionFields] => [
  { identifier: v.identifier, vehicleId: v.id, plate: null, vehicleName: null, online: true },
  {
    lat: 31.2304,
    lon: 121.4737,
    speed,
    course: 0,
    altitude: 0,
    gpsTime: ++clock,
    receivedAt: clock,
    valid: true,
    acc,
    satellites: 9,
    mileage: null,
    alarms: [],
    extras: null,
  },
];

/** Let the handed-in work start, then wait for the engine. */
const settled = async () => {
  await new Promise((r) => setImmediate(r));
  await engine.guard.idle();
};

/** Feeds `count` positions made by `make` (core/positionFeed.ts, as the gateway does after commit), waiting for the engine every 1000 as a flush would. */
async function stream(count: number, make: (k: number) => [TerminalLabel, PositionFields]) {
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  for (let k = 0; k < count; k++) {
    const [label, fix] = make(k);
    t.ctx.positionFeed.publish(label, [fix]);
    if (k % 1000 === 999) await settled();
  }
  await settled();
  const ms = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  return {
    positions: count,
    ms: Math.round(ms),
    perSecond: Math.round((count / ms) * 1000),
    cpuUsPerPosition: Math.round(((cpu.user + cpu.system) / count) * 10) / 10,
  };
}

// Warm-up: loads the bike set and every bike's guard once.
await stream(BIKES * 2, (k) => position(bikes[k % BIKES]!, 0, false));
const notBikes = await stream(POSITIONS, (k) => position(others[k % others.length]!, 30, true));
const parkedBikes = await stream(POSITIONS, (k) => position(bikes[k % BIKES]!, 0, false));
// Alternating 40 and 10 km/h: every other fix starts an overspeed episode (a write and an alarm).
const flips = await stream(FLIPS, (k) => position(bikes[Math.floor(k / 2) % BIKES]!, k % 2 === 0 ? 40 : 10, false));
const alarms = (await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM alarms WHERE type = 'overspeed'`))!.n;

engine.stop();
await t.close();
console.log(
  JSON.stringify(
    {
      bench: 'elec-car-engine',
      engine: process.env.TEST_ENGINE ?? 'pglite',
      vehicles: VEHICLES,
      bikes: BIKES,
      notBikes,
      parkedBikes,
      overspeedFlips: { ...flips, alarms },
      cpus: os.cpus().length,
      date: new Date().toISOString().slice(0, 10),
    },
    null,
    2,
  ),
);
