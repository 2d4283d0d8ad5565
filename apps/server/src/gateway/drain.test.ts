/**
 * Graceful drain: a real gateway process under a simulated fleet gets SIGTERM. It stops reading,
 * commits and answers what it read, closes its sockets and exits 0; every position the
 * simulator recorded as acknowledged is in the database. In process, the same stop with the
 * position engines busy: every write ends before the database closes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Fleet, cityByName, planTerminals } from '@chelian/simulator';
import { loadConfig } from '../config.ts';
import { identifierKey } from '../core/identifiers.ts';
import { openPglite } from '../db/pglite.ts';
import { openPostgres } from '../db/postgres.ts';
import type { Db } from '../db/types.ts';
import { createLogger } from '../log.ts';
import { startServer } from '../server.ts';
import { createTestDb } from '../testing/testDb.ts';
import { prepareServer, spawnServer, waitReady, type ServerProcess, type ServerSetup } from '../testing/serverProcess.ts';
import { eventually } from '../testing/testTerminal.ts';
import { fetchMetrics, metricValue } from '../testing/metricsText.ts';

let setup: ServerSetup | undefined;
let server: ServerProcess | undefined;
let fleet: Fleet | undefined;

afterEach(async () => {
  fleet?.stop();
  if (server && server.child.exitCode === null && !server.child.signalCode) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
  await setup?.cleanup();
  server = setup = fleet = undefined;
});

/** The child's database, opened once it has exited (PGlite: its data folder; PostgreSQL: its schema). */
const childDb = async (s: ServerSetup): Promise<Db> =>
  s.env.DATABASE_URL ? openPostgres({ connectionString: s.env.DATABASE_URL, max: 1 }) : openPglite(path.join(s.env.DATA_DIR!, 'pglite'));

/** JT/T 808 terminals under way, a fix every 0.1 s, that keep what was answered and do not come back once cut. */
const drivingFleet = (specs: ReturnType<typeof planTerminals>, jt808: number) =>
  new Fleet(specs, {
    host: '127.0.0.1',
    ports: { jt808 },
    intervalSeconds: 0.1,
    heartbeatSeconds: 5,
    record: true,
    reconnectMinMs: 60_000,
    reconnectMaxMs: 60_000,
    alarmRate: 0,
    driver: { startParked: false },
  });

/** The fixes the fleet had acknowledged that positions lacks (terminal|time), and how many fixes positions holds. */
async function acknowledgedNotStored(db: Pick<Db, 'query'>, fleet: Fleet) {
  const rows = await db.query<{ identifier: string; t: Date }>(
    'SELECT t.identifier, p.gps_time AS t FROM positions p JOIN terminals t ON t.id = p.terminal_id',
  );
  const stored = new Set(rows.map((r) => `${r.identifier}|${r.t.getTime()}`));
  const lost = fleet.terminals
    .flatMap((t) => t.records!.filter((r) => r.acked).flatMap((r) => r.times.map((time) => `${t.id}|${time}`)))
    .filter((k) => !stored.has(k));
  return { lost, stored: stored.size };
}

describe('SIGTERM drain', () => {
  it('answers what it committed, closes the sockets, exits 0, and loses nothing acknowledged', async () => {
    setup = await prepareServer();
    server = spawnServer(setup, { args: ['--role', 'gateway'] });
    await waitReady(server, setup.ports);
    const base = `http://127.0.0.1:${setup.ports.http}`;
    expect((await fetch(`${base}/readyz`)).status).toBe(200);

    const specs = planTerminals({ count: 60, protocol: 'jt808', seed: 7, cities: [cityByName('深圳')!] });
    fleet = drivingFleet(specs, setup.ports.jt808);
    await fleet.start();
    const acked = () => fleet!.terminals.reduce((n, t) => n + t.delivery.acked, 0);
    await eventually(() => acked() >= 1500, 30_000, 'the fleet under way');
    // Every terminal's socket is counted (a slow machine may still be connecting the last few
    // when the first 1 500 answers are in).
    const connections = async () =>
      metricValue(await fetchMetrics(setup!.ports.http), 'chelian_terminal_connections', { protocol: 'jt808' });
    await eventually(async () => (await connections()) === 60, 30_000, 'all 60 sockets counted');

    const ackedAtSignal = acked();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    // Every socket was closed by the gateway (the fleet waits a minute before reconnecting).
    await eventually(() => fleet!.terminals.every((t) => t.state !== 'online'), 5000, 'sockets closed');
    fleet.stop();
    // What was read before the signal was answered on the way out.
    expect(acked()).toBeGreaterThanOrEqual(ackedAtSignal);
    expect(server.output()).not.toMatch(/排空失败/);

    const db = await childDb(setup);
    try {
      const { lost, stored } = await acknowledgedNotStored(db, fleet);
      expect(lost).toEqual([]);
      expect(stored).toBeGreaterThanOrEqual(acked());
    } finally {
      await db.close();
    }
  }, 120_000);
});

describe('stop with writes in flight', () => {
  it('ends the last flush, the held-back latest rows and the engines’ work before the database closes', async () => {
    const specs = planTerminals({ count: 40, protocol: 'jt808', seed: 11, cities: [cityByName('深圳')!] });
    const raw = await createTestDb();
    // Half the terminals in a vehicle with a 1 km/h limit (the overspeed engine judges every fix and raises
    // alarms), half on a pet with a zone (the pet zone engine reads the zone's state at every fix).
    for (const [i, spec] of specs.entries()) {
      const [row] = await raw.query<{ id: number }>(
        `INSERT INTO terminals (identifier, identifier_key, protocol, account_id) VALUES ($1, $2, 'jt808', 1) RETURNING id`,
        [spec.id, identifierKey(spec.id)],
      );
      if (i % 2 === 0)
        await raw.query(`INSERT INTO vehicles (account_id, terminal_id, name, plate, speed_limit_kmh) VALUES (1, $1, $2, $2, 1)`, [
          row!.id,
          spec.plate ?? spec.id,
        ]);
      else
        await raw.query(
          `WITH p AS (INSERT INTO pets (account_id, name, terminal_id) VALUES (1, $2, $1) RETURNING id)
           INSERT INTO pet_zones (pet_id, name, kind, geometry) SELECT p.id, '家', 'circle', $3::jsonb FROM p`,
          [row!.id, spec.id, JSON.stringify({ center: [114.05, 22.59], radiusMeters: 3000 })],
        );
    }
    // The server's close ends here: what the server asks of the database afterwards is noted (and still answered, so the test can read what was stored).
    let closed = false;
    const afterClose: string[] = [];
    const db = new Proxy(raw, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver) as unknown;
        if (prop === 'close')
          return async () => {
            closed = true;
          };
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          if (closed) afterClose.push(`${String(prop)} ${String(args[0]).slice(0, 120)}`);
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    }) as Db;
    const lines: string[] = [];
    const log = createLogger('warn', { write: (line: string) => void lines.push(line) });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chelian-stop-'));
    const config = {
      ...loadConfig({ DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0', CHELIAN_ADMIN_PASSWORD: 'unused#2026' }, ['--role', 'gateway']),
      ports: { jt808: 0, gt06: 0, h02: 0, watch: 0 },
      terminalAutoRegister: true,
    };
    const running = await startServer(config, { db, log });
    let fleet: Fleet | undefined;
    try {
      fleet = drivingFleet(specs, running.gateway!.ports.jt808!);
      await fleet.start();
      const acked = () => fleet!.terminals.reduce((n, t) => n + t.delivery.acked, 0);
      await eventually(() => acked() >= 1200, 30_000, 'the fleet under way');
      // SIGTERM's path: drain (commit and answer what was read), then close.
      await running.drain();
      fleet.stop();

      expect(afterClose).toEqual([]);
      expect(lines.filter((l) => /"level":(50|60)/.test(l) || /after calling end|closed/i.test(l))).toEqual([]);
      expect((await acknowledgedNotStored(raw, fleet)).lost).toEqual([]);
      // latest_positions held back up to 30 s a terminal: the close wrote each terminal's newest fix.
      const behind = await raw.query(
        `SELECT t.identifier FROM terminals t LEFT JOIN latest_positions l ON l.terminal_id = t.id
          WHERE EXISTS (SELECT 1 FROM positions p WHERE p.terminal_id = t.id AND p.gps_time > COALESCE(l.gps_time, '-infinity'))`,
      );
      expect(behind).toEqual([]);
    } finally {
      fleet?.stop();
      if (!closed) await running.close();
      await raw.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
