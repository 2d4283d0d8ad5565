/**
 * The database and the bus going away under load, short form (bench/cluster-faults.bench.ts is the
 * long one). The machine's PostgreSQL and NATS serve other work too and must not be restarted, so
 * the gateway and the API reach them through TCP proxies this test cuts (every connection reset,
 * nothing listening) and restores — what a server restart looks like from our side.
 *
 * Database: the gateway stops acknowledging while it cannot commit, /readyz answers 503, and
 * within 5 s of the database's return it acknowledges again; nothing it acknowledged is lost.
 * Bus: live feeds and command routing recover without restarting any process.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Fleet, cityByName, planTerminals } from '@chelian/simulator';
import { createTestDb, TEST_ADMIN_PASSWORD, type TestDb } from '../testing/testDb.ts';
import { freePort } from '../testing/freePort.ts';
import { eventually } from '../testing/testTerminal.ts';
import { openLive, type LiveClient } from '../testing/wsClient.ts';
import { TcpProxy } from '../testing/tcpProxy.ts';
import { launchCluster, terminalProtocols, type Cluster } from './launchCluster.ts';
import { clusterSkipReason, getJson, login, postForm } from './clusterClient.ts';

const skip = await clusterSkipReason('faults.test.ts');
const repo = path.resolve(import.meta.dirname, '../../../..');

let cluster: Cluster;
let db: TestDb;
let dbProxy: TcpProxy;
let natsProxy: TcpProxy;
let fleet: Fleet;
let dataDir: string;
let distDir: string;
let httpPort: number;
let session: string;
const feeds: LiveClient[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const acked = () => fleet.terminals.reduce((n, t) => n + t.delivery.acked, 0);
const gatewayReady = async () => (await fetch(`http://127.0.0.1:${cluster.byName('gateway-1').httpPort}/readyz`)).status;

describe.skipIf(skip)('the database and the bus going away', () => {
  beforeAll(async () => {
    distDir = path.join(repo, '.tmp', `faults-dist-${process.pid}`);
    execFileSync(process.execPath, [path.join(repo, 'scripts/build-server.mjs')], {
      env: { ...process.env, SERVER_OUTDIR: distDir },
      stdio: 'pipe',
    });
    db = await createTestDb();
    dbProxy = await TcpProxy.start(db.connectionString!);
    natsProxy = await TcpProxy.start(process.env.NATS_URL!);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chelian-faults-'));
    httpPort = await freePort();
    const ports: Record<string, number> = {};
    for (const p of terminalProtocols()) ports[p] = await freePort();
    cluster = await launchCluster({
      databaseUrl: dbProxy.through(db.connectionString!),
      natsUrl: natsProxy.through(process.env.NATS_URL!),
      natsPrefix: `cf${randomBytes(4).toString('hex')}`,
      dataDir,
      listenHost: '127.0.0.1',
      httpPort,
      terminalPorts: ports,
      gateways: 1,
      apis: 1,
      jobs: 0,
      runtime: { kind: 'built', dir: distDir },
      env: { LOG_LEVEL: 'error', CHELIAN_ADMIN_PASSWORD: TEST_ADMIN_PASSWORD },
    });
    session = await login(httpPort, 'admin', TEST_ADMIN_PASSWORD);
    fleet = new Fleet(planTerminals({ count: 20, protocol: 'jt808', seed: 83, cities: [cityByName('深圳')!] }), {
      host: '127.0.0.1',
      ports: { jt808: ports.jt808 },
      intervalSeconds: 0.2,
      heartbeatSeconds: 5,
      record: true,
      reconnectMinMs: 200,
      reconnectMaxMs: 1000,
      ackTimeoutMs: 2000,
      alarmRate: 0,
      driver: { startParked: false },
    });
    for (const t of fleet.terminals) {
      const added = await postForm(
        httpPort,
        '/car/v4/api/vehicle/add.json',
        { plate: t.spec.plate!, terminalId: t.id, protocol: 'jt808' },
        session,
      );
      expect(added.flag, added.msg).toBe(1);
    }
    await fleet.start();
    await eventually(() => fleet.terminals.every((t) => t.state === 'online') && acked() >= 200, 30_000, 'the fleet under way');
  }, 120_000);

  afterAll(async () => {
    fleet?.stop();
    for (const f of feeds) f.close();
    await dbProxy?.restore();
    await natsProxy?.restore();
    await cluster?.stop();
    await dbProxy?.cut();
    await natsProxy?.cut();
    await db?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    if (distDir) fs.rmSync(distDir, { recursive: true, force: true });
  }, 60_000);

  it('stops acknowledging while the database is gone, resumes within 5 s of its return, loses nothing acknowledged', async () => {
    await dbProxy.cut();
    await sleep(1000); // flushes that committed before the cut are answered by now
    const ackedDuringOutage = acked();
    expect(await gatewayReady()).toBe(503);
    await sleep(3000);
    expect(acked()).toBe(ackedDuringOutage);

    await dbProxy.restore();
    const back = Date.now();
    await eventually(() => acked() > ackedDuringOutage, 5000, 'acknowledgements within 5 s of the database coming back');
    const resumedAfterMs = Date.now() - back;
    expect(resumedAfterMs).toBeLessThan(5000);
    await eventually(async () => (await gatewayReady()) === 200, 5000, 'ready again');
    // Terminals resend what was not acknowledged: every one catches up.
    await eventually(
      () => fleet.terminals.every((t) => t.state === 'online' && t.delivery.pendingCount + t.delivery.backlogSize < 10),
      30_000,
      'backlogs uploaded',
    );
    // What was acknowledged up to now (taken first: anything acknowledged was stored before this query).
    const ackedKeys = fleet.terminals.flatMap((t) =>
      t.records!.filter((r) => r.acked).flatMap((r) => r.times.map((time) => `${t.id}|${time}`)),
    );
    const rows = await db.query<{ identifier: string; t: Date }>(
      'SELECT t.identifier, p.gps_time AS t FROM positions p JOIN terminals t ON t.id = p.terminal_id',
    );
    const stored = new Set(rows.map((r) => `${r.identifier}|${r.t.getTime()}`));
    expect(ackedKeys.filter((k) => !stored.has(k))).toEqual([]);
  });

  it('recovers live feeds and command routing after the bus comes back, without restarting a process', async () => {
    const feed = await openLive(`ws://127.0.0.1:${httpPort}/ws/live?sessionId=${session}`);
    feeds.push(feed);
    await feed.waitFor((m) => m.type === 'position', 10_000);
    await natsProxy.cut();
    await sleep(2000);
    await natsProxy.restore();
    const seen = feed.messages.length;
    // News flows again: positions stored after the bus's return reach the same open feed.
    await eventually(() => feed.messages.slice(seen).some((m) => m.type === 'position'), 10_000, 'positions on the live feed again');
    const t = fleet.terminals[0];
    const sent = await postForm(
      httpPort,
      '/car/v1/api/command/commandDownBatch.json',
      { terminalIds: t.id, commandType: 'cutOil' },
      session,
    );
    expect(sent.flag, sent.msg).toBe(1);
    await eventually(
      async () =>
        (await getJson(httpPort, `/car/v1/api/command/listCommand.json?terminalId=${t.id}&pageSize=5`, session)).obj.list[0]?.status ===
        'replied',
      10_000,
      'command replied',
    );
    for (const p of cluster.processes) expect(p.child.exitCode, p.name).toBeNull();
  });
});
