import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { encodeJt808Batch, encodeJt808Location, type Jt808LocationInput } from '@chelian/protocols/jt808/index.ts';
import { natsSkipReason } from '../../testing/nats.ts';
import { freePort } from '../../testing/freePort.ts';
import { fetchMetrics, metricValue } from '../../testing/metricsText.ts';
import { eventually, connectJt808 } from '../../testing/testTerminal.ts';
import {
  CHILD_ADMIN_PASSWORD,
  prepareServer,
  spawnServer,
  waitReady,
  type ServerPorts,
  type ServerProcess,
  type ServerSetup,
} from '../../testing/serverProcess.ts';
import { login, postForm, postJson } from '../../cluster/clusterClient.ts';

/*
 * Two gateway processes on one PostgreSQL database and one NATS, as in a cluster: each fix is
 * judged by the engines of the gateway holding the terminal's socket, and only there (the other
 * process's engines are fed nothing of it), so a fence crossing raises one exit and one entry
 * alarm; an armed e-bike going offline raises one offline alarm (the engines of the gateway that
 * declared it offline hear it). Before, every gateway's engines heard every gateway's positions
 * and presence on NATS.
 */
async function skipReason(): Promise<string> {
  if (process.env.TEST_ENGINE !== 'postgres' || !process.env.DATABASE_URL) {
    const reason = 'it runs with the PostgreSQL suite (TEST_ENGINE=postgres, DATABASE_URL)';
    console.warn(`geofence engines across processes skipped: ${reason}`);
    return reason;
  }
  return natsSkipReason('geofence engines across processes');
}
const skip = await skipReason();

const SQUARE = [
  [
    [114.05, 22.54],
    [114.07, 22.54],
    [114.07, 22.56],
    [114.05, 22.56],
  ],
];
const INSIDE = { lon: 114.06, lat: 22.55 };
const OUTSIDE = { lon: 114.1, lat: 22.6 };

let setup: ServerSetup;
/** A: API and gateway; B: a gateway only, on the same database and NATS, with ports of its own. */
const procs: { name: string; ports: ServerPorts; server: ServerProcess }[] = [];
let db: pg.Client;
let session: string;

const fixesFed = async (ports: ServerPorts) => metricValue(await fetchMetrics(ports.http), 'chelian_engine_fixes_fed_total') ?? 0;
const fix = (time: number, at: { lon: number; lat: number }): Jt808LocationInput => ({
  time,
  ...at,
  valid: true,
  speedKmh: 40,
  course: 90,
  altitude: 10,
  acc: true,
});
const fenceEvents = (phone: string) =>
  db
    .query<{ kind: string; alarm_type: string }>(
      `SELECT e.kind, al.type AS alarm_type FROM geofence_events e JOIN alarms al ON al.id = e.alarm_id JOIN terminals t ON t.id = al.terminal_id
      WHERE t.identifier = $1 ORDER BY al.alarm_time`,
      [phone],
    )
    .then((r) => r.rows);

describe.skipIf(skip)('geofence engines with two gateway processes', () => {
  beforeAll(async () => {
    setup = await prepareServer();
    const natsPrefix = `gf${process.pid}`;
    // Offline after 5 s of silence, so the offline alarm comes within the test.
    Object.assign(setup.env, { NATS_URL: process.env.NATS_URL, NATS_PREFIX: natsPrefix, OFFLINE_AFTER_SECONDS: '5' });
    const b: ServerPorts = {
      http: await freePort(),
      jt808: await freePort(),
      gt06: await freePort(),
      h02: await freePort(),
      watch: await freePort(),
    };
    const envB = {
      ...setup.env,
      PORT: String(b.http),
      JT808_PORT: String(b.jt808),
      GT06_PORT: String(b.gt06),
      H02_PORT: String(b.h02),
      WATCH_PORT: String(b.watch),
    };
    // A seeds and migrates first; B then starts on the same schema.
    const a = spawnServer(setup, { args: ['--role', 'api,gateway'] });
    procs.push({ name: 'A', ports: setup.ports, server: a });
    await waitReady(a, setup.ports);
    const gatewayB = spawnServer({ ...setup, env: envB }, { args: ['--role', 'gateway'] });
    procs.push({ name: 'B', ports: b, server: gatewayB });
    await waitReady(gatewayB, b);
    db = new pg.Client({ connectionString: setup.env.DATABASE_URL });
    await db.connect();
    session = await login(setup.ports.http, 'admin', CHILD_ADMIN_PASSWORD);
  }, 240_000);

  afterAll(async () => {
    await db?.end();
    for (const { server } of procs) if (server.child.exitCode === null) server.child.kill('SIGTERM');
    await Promise.all(procs.map(({ server }) => server.exited));
    await setup?.cleanup();
  }, 60_000);

  // First, before any engine has loaded its cache: the bike is made in the database directly.
  it('raises one offline alarm each time an armed e-bike on one gateway goes offline', async () => {
    const phone = '013966600009';
    const added = await postForm(
      setup.ports.http,
      '/car/v4/api/vehicle/add.json',
      { plate: '粤B66609', terminalId: phone, protocol: 'jt808' },
      session,
    );
    expect(added.flag, added.msg).toBe(1);
    await db.query('INSERT INTO elec_car_bikes (vehicle_id, armed, armed_lat, armed_lon) VALUES ($1, true, $2, $3)', [
      added.obj.vehicleId,
      INSIDE.lat,
      INSIDE.lon,
    ]);
    // Per offline event (its time, set by the process that declared it): how many alarms.
    const offline = async () =>
      (
        await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM alarms WHERE vehicle_id = $1 AND type = 'offline' GROUP BY alarm_time ORDER BY alarm_time`,
          [added.obj.vehicleId],
        )
      ).rows.map((r) => r.n);
    for (const round of [1, 2]) {
      const term = await connectJt808(procs[1].ports.jt808, phone);
      term.send(encodeJt808Location({ phone }, round, { ...fix(Math.floor(Date.now() / 1000) * 1000, INSIDE), speedKmh: 0, acc: false }));
      await term.next(5000);
      term.close();
      // Either gateway's sweep may declare it offline (once: a compare-and-set); its engines raise the alarm.
      await eventually(async () => (await offline()).length >= round, 20_000, `offline alarm ${round}`);
    }
    // Seconds after the first event, a second engine hearing it would have raised its copy by now.
    expect((await offline())[0]).toBe(1);
    expect((await offline()).length).toBe(2);
  }, 60_000);

  it('raises one exit and one entry alarm per crossing, judged only by the gateway holding the terminal', async () => {
    const api = setup.ports.http;
    const fence = await postJson(api, '/car/v4/api/geofence/add.json', { name: '市民中心', kind: 'polygon', rings: SQUARE }, session);
    expect(fence.flag, fence.msg).toBe(1);
    const phones = { A: '013966600001', B: '013966600002' };
    for (const [i, phone] of Object.values(phones).entries()) {
      const added = await postForm(
        api,
        '/car/v4/api/vehicle/add.json',
        { plate: `粤B6660${i}`, terminalId: phone, protocol: 'jt808' },
        session,
      );
      expect(added.flag, added.msg).toBe(1);
      const bound = await postForm(
        api,
        '/car/v4/api/geofence/bindVehicles.json',
        { geofenceId: fence.obj.geofenceId, vehicleIds: String(added.obj.vehicleId) },
        session,
      );
      expect(bound.flag, bound.msg).toBe(1);
    }
    const before = { A: await fixesFed(procs[0].ports), B: await fixesFed(procs[1].ports) };

    const base = Math.floor(Date.now() / 1000) * 1000 - 10 * 60_000;
    const sent = { A: 0, B: 0 };
    for (const [k, proc] of procs.entries()) {
      const name = proc.name as 'A' | 'B';
      const phone = phones[name];
      const term = await connectJt808(proc.ports.jt808, phone);
      try {
        term.send(encodeJt808Location({ phone }, 1, fix(base, INSIDE)));
        await term.next(5000);
        // A blind-area upload that leaves the fence and comes back (on B), a burst doing the same (on A).
        const out = [fix(base + 60_000, OUTSIDE), fix(base + 120_000, OUTSIDE), fix(base + 180_000, INSIDE)];
        const frames = k === 1 ? encodeJt808Batch({ phone }, 2, out, 1) : out.map((x, i) => encodeJt808Location({ phone }, 2 + i, x));
        term.send(Buffer.concat(frames));
        for (let i = 0; i < frames.length; i++) await term.next(5000);
        sent[name] = 1 + out.length;
      } finally {
        term.close();
      }
    }

    for (const phone of Object.values(phones)) {
      await eventually(async () => (await fenceEvents(phone)).length >= 2, 10_000, `${phone}'s crossing judged`);
    }
    // Each gateway's engines were fed exactly the fixes of the terminal it held, once.
    expect((await fixesFed(procs[0].ports)) - before.A).toBe(sent.A);
    expect((await fixesFed(procs[1].ports)) - before.B).toBe(sent.B);
    for (const phone of Object.values(phones)) {
      expect(await fenceEvents(phone)).toEqual([
        { kind: 'exit', alarm_type: 'geofenceExit' },
        { kind: 'enter', alarm_type: 'geofenceEnter' },
      ]);
    }
  }, 60_000);
});
