/**
 * Durability under a crash (issue 4, item 10): the real server runs as a child process,
 * simulated JT/T 808 and GT06 terminals stream positions into it, and it is SIGKILLed in the
 * middle of ingest. After a restart on the same data, every position whose reply a terminal
 * received must be in the positions table — the gateway answers only after storing. Positions
 * left unanswered by the crash are sent again by the terminals and must arrive as well.
 * (crash.test.ts kills a lone gateway under one raw terminal; this kills `main.ts` itself.)
 */
import { afterAll, describe, expect, it } from 'vitest';
import { Fleet, cityByName, planTerminals, type SimTerminal } from '@chelian/simulator';
import { openDatabase } from '../db/open.ts';
import { encryptForLogin } from '../modules/auth/rsa.ts';
import {
  CHILD_ADMIN_PASSWORD,
  prepareServer,
  spawnServer,
  waitReady,
  type ServerProcess,
  type ServerSetup,
} from '../testing/serverProcess.ts';
import { eventually } from '../testing/testTerminal.ts';

const TERMINALS = 40;
let setup: ServerSetup | undefined;
let server: ServerProcess | undefined;
let fleet: Fleet | undefined;

afterAll(async () => {
  fleet?.stop();
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
  await setup?.cleanup();
});

async function registerVehicles(httpPort: number, specs: ReturnType<typeof planTerminals>) {
  const base = `http://127.0.0.1:${httpPort}`;
  const post = async (url: string, fields: Record<string, string>, sessionId?: string) =>
    (
      await fetch(`${base}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...(sessionId ? { sessionid: sessionId } : {}) },
        body: new URLSearchParams(fields),
      })
    ).json();
  const { obj } = await (await fetch(`${base}/oauth/getConfig`)).json();
  const login = await post('/oauth/v4/token', { username: 'admin', password: encryptForLogin(obj.publicKey, CHILD_ADMIN_PASSWORD) });
  expect(login.flag, login.msg).toBe(1);
  const results = await Promise.all(
    specs.map((s) =>
      post('/car/v4/api/vehicle/add.json', { plate: s.plate!, terminalId: s.id, protocol: s.protocol }, login.obj.sessionId),
    ),
  );
  for (const res of results) expect(res.flag, res.msg).toBe(1);
}

const answered = (t: SimTerminal) => t.records!.filter((r) => r.acked).flatMap((r) => r.times);

describe('SIGKILL during ingest', () => {
  it('loses no position whose reply was sent, and takes the unanswered ones again after a restart', async () => {
    const started = Date.now();
    const phases: string[] = [];
    const phase = (name: string) => phases.push(`${name} ${((Date.now() - started) / 1000).toFixed(1)}s`);
    setup = await prepareServer();
    server = spawnServer(setup);
    await waitReady(server, setup.ports);
    // JT/T 808 and GT06 acknowledge positions; H02 does not, so it plays no part here.
    const cities = [cityByName('杭州')!];
    const specs = [
      ...planTerminals({ count: TERMINALS / 2, protocol: 'jt808', seed: 77, cities }),
      ...planTerminals({ count: TERMINALS / 2, protocol: 'gt06', seed: 78, cities }),
    ];
    expect(new Set(specs.map((s) => s.plate)).size).toBe(TERMINALS);
    phase('ready');
    await registerVehicles(setup.ports.http, specs);
    phase('registered');

    fleet = new Fleet(specs, {
      host: '127.0.0.1',
      ports: setup.ports,
      intervalSeconds: 0.25,
      heartbeatSeconds: 5,
      record: true,
      reconnectMinMs: 300,
      reconnectMaxMs: 1500,
      ackTimeoutMs: 10_000,
      driver: { startParked: false },
      connectRate: 200,
    });
    await fleet.start();
    await eventually(() => fleet!.terminals.every((t) => t.state === 'online' && t.delivery.acked >= 3), 60_000, 'terminals streaming');
    phase('streaming');
    await new Promise((r) => setTimeout(r, 1500));

    // Kill at a moment when some positions are in flight: sent, not yet answered.
    await eventually(() => fleet!.totals().pending > 0, 5000, 'positions in flight');
    server.child.kill('SIGKILL');
    const atKill = fleet.totals();
    const ackedBeforeKill = new Map(fleet.terminals.map((t) => [t.id, answered(t)]));
    await server.exited;
    await new Promise((r) => setTimeout(r, 1000)); // terminals keep driving, storing positions offline

    phase('killed');
    server = spawnServer(setup);
    await waitReady(server, setup.ports);
    phase('restarted');
    await eventually(
      () => fleet!.terminals.every((t) => t.state === 'online' && t.delivery.backlogSize === 0 && t.delivery.pendingCount === 0),
      60_000,
      'backlog uploaded',
    );
    phase('caught up');
    fleet.stop();
    server.child.kill('SIGTERM'); // a clean stop, so the test can open the data itself
    await server.exited;

    const db = await openDatabase({ databaseUrl: setup.env.DATABASE_URL || undefined, dataDir: setup.env.DATA_DIR! });
    try {
      const rows = await db.query<{ identifier: string; gps_time: Date }>(
        'SELECT t.identifier, p.gps_time FROM positions p JOIN terminals t ON t.id = p.terminal_id',
      );
      const stored = new Set(rows.map((r) => `${r.identifier}@${r.gps_time.getTime()}`));
      const lostAcked: string[] = [];
      const neverAnswered: string[] = [];
      let checked = 0;
      for (const t of fleet.terminals) {
        for (const time of ackedBeforeKill.get(t.id)!) {
          checked++;
          if (!stored.has(`${t.id}@${time}`)) lostAcked.push(`${t.id}@${new Date(time).toISOString()}`);
        }
        const acked = new Set(answered(t));
        for (const r of t.records!) for (const time of r.times) if (r.expectsAck && !acked.has(time)) neverAnswered.push(`${t.id}@${time}`);
        for (const time of acked)
          if (!stored.has(`${t.id}@${time}`)) lostAcked.push(`${t.id}@${new Date(time).toISOString()} (after restart)`);
      }
      console.log(
        `SIGKILL: ${checked} positions answered before the kill, ${atKill.pending} messages in flight at it, ${rows.length} rows after; ${phases.join(', ')}`,
      );
      expect(atKill.pending, 'the kill came while positions were in flight').toBeGreaterThan(0);
      expect(checked).toBeGreaterThan(TERMINALS * 3);
      expect(lostAcked, 'acknowledged positions missing from the table').toEqual([]);
      expect(neverAnswered, 'positions the server never answered, even after the resend').toEqual([]);
    } finally {
      await db.close();
    }
  }, 240_000);
});
