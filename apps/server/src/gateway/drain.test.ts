/**
 * Graceful drain: a real gateway process under a simulated fleet gets SIGTERM. It stops reading,
 * commits and answers what it read, closes its sockets and exits 0; every position the
 * simulator recorded as acknowledged is in the database.
 */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Fleet, cityByName, planTerminals } from '@chelian/simulator';
import { openPglite } from '../db/pglite.ts';
import { openPostgres } from '../db/postgres.ts';
import type { Db } from '../db/types.ts';
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

describe('SIGTERM drain', () => {
  it('answers what it committed, closes the sockets, exits 0, and loses nothing acknowledged', async () => {
    setup = await prepareServer();
    server = spawnServer(setup, { args: ['--role', 'gateway'] });
    await waitReady(server, setup.ports);
    const base = `http://127.0.0.1:${setup.ports.http}`;
    expect((await fetch(`${base}/readyz`)).status).toBe(200);

    const specs = planTerminals({ count: 60, protocol: 'jt808', seed: 7, cities: [cityByName('深圳')!] });
    fleet = new Fleet(specs, {
      host: '127.0.0.1',
      ports: { jt808: setup.ports.jt808 },
      intervalSeconds: 0.1,
      heartbeatSeconds: 5,
      record: true,
      reconnectMinMs: 60_000,
      reconnectMaxMs: 60_000,
      alarmRate: 0,
      driver: { startParked: false },
    });
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
      const rows = await db.query<{ identifier: string; t: Date }>(
        'SELECT t.identifier, p.gps_time AS t FROM positions p JOIN terminals t ON t.id = p.terminal_id',
      );
      const stored = new Set(rows.map((r) => `${r.identifier}|${r.t.getTime()}`));
      const lost = fleet.terminals
        .flatMap((t) => t.records!.filter((r) => r.acked).flatMap((r) => r.times.map((time) => `${t.id}|${time}`)))
        .filter((k) => !stored.has(k));
      expect(lost).toEqual([]);
      expect(stored.size).toBeGreaterThanOrEqual(acked());
    } finally {
      await db.close();
    }
  }, 120_000);
});
