/**
 * The platform as a cluster behind nginx (launchCluster, what `npm run cluster` runs): 2 gateways,
 * 2 API processes and 2 jobs processes on one PostgreSQL database and one NATS. Sessions, commands,
 * live feeds and alarm delivery work across processes; a gateway killed under load loses nothing
 * acknowledged (checked against the simulator's record), and live feeds reconnect after an API
 * process is killed. Runs with the PostgreSQL suite when NATS and nginx are here.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium } from 'playwright-core';
import { encodeJt808Location } from '@chelian/protocols/jt808/index.ts';
import { Fleet, cityByName, planTerminals, type SimTerminal } from '@chelian/simulator';
import { createTestDb, TEST_ADMIN_PASSWORD, type TestDb } from '../testing/testDb.ts';
import { freePort } from '../testing/freePort.ts';
import { eventually, connectJt808 } from '../testing/testTerminal.ts';
import { openLive, type LiveClient } from '../testing/wsClient.ts';
import { startWebhookReceiver } from '../testing/webhookReceiver.ts';
import { fetchMetrics, metricValue } from '../testing/metricsText.ts';
import { launchCluster, terminalProtocols, type Cluster } from './launchCluster.ts';
import { clusterSkipReason, getJson, login, postForm, postJson } from './clusterClient.ts';

const skip = await clusterSkipReason('cluster.test.ts');
const repo = path.resolve(import.meta.dirname, '../../../..');
const city = [cityByName('深圳')!];
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

let cluster: Cluster;
let db: TestDb;
let dataDir: string;
let distDir: string;
let httpPort: number;
let ports: Record<string, number>;
let session: string;
const fleets: Fleet[] = [];
const feeds: LiveClient[] = [];

const api = (n: 1 | 2) => cluster.byName(`api-${n}`).httpPort;
const liveUrl = (port: number) => `ws://127.0.0.1:${port}/ws/live?sessionId=${session}`;
const connectionsOn = async (name: string) =>
  metricValue(await fetchMetrics(cluster.byName(name).httpPort, cluster.metricsToken), 'chelian_terminal_connections') ?? 0;
const isPositionOf = (id: string) => (m: { type: string; data: unknown }) =>
  m.type === 'position' && (m.data as { terminalId?: string }).terminalId === id;

function startFleet(count: number, seed: number, intervalSeconds: number) {
  const fleet = new Fleet(planTerminals({ count, protocol: 'jt808', seed, cities: city }), {
    host: '127.0.0.1',
    ports: { jt808: ports.jt808 },
    intervalSeconds,
    heartbeatSeconds: 5,
    record: true,
    reconnectMinMs: 200,
    reconnectMaxMs: 1000,
    ackTimeoutMs: 5000,
    alarmRate: 0,
    driver: { startParked: false },
    connectRate: 200,
  });
  fleets.push(fleet);
  return fleet;
}

/** Every position the simulator saw acknowledged, as 'terminal|time', that is not in the database. */
async function lostAcknowledged(terminals: SimTerminal[]): Promise<string[]> {
  const ids = terminals.map((t) => t.id);
  const rows = await db.query<{ identifier: string; t: Date }>(
    'SELECT t.identifier, p.gps_time AS t FROM positions p JOIN terminals t ON t.id = p.terminal_id WHERE t.identifier = ANY($1::text[])',
    [ids],
  );
  const stored = new Set(rows.map((r) => `${r.identifier}|${r.t.getTime()}`));
  return terminals
    .flatMap((t) => t.records!.filter((r) => r.acked).flatMap((r) => r.times.map((time) => `${t.id}|${time}`)))
    .filter((k) => !stored.has(k));
}

describe.skipIf(skip)('the cluster behind nginx', () => {
  beforeAll(async () => {
    distDir = path.join(repo, '.tmp', `cluster-dist-${process.pid}`);
    execFileSync(process.execPath, [path.join(repo, 'scripts/build-server.mjs')], {
      env: { ...process.env, SERVER_OUTDIR: distDir },
      stdio: 'pipe',
    });
    db = await createTestDb();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chelian-cluster-'));
    httpPort = await freePort();
    ports = {};
    for (const p of terminalProtocols()) ports[p] = await freePort();
    cluster = await launchCluster({
      databaseUrl: db.connectionString!,
      natsUrl: process.env.NATS_URL!,
      natsPrefix: `ct${randomBytes(4).toString('hex')}`,
      dataDir,
      listenHost: '127.0.0.1',
      httpPort,
      terminalPorts: ports,
      gateways: 2,
      apis: 2,
      jobs: 2,
      runtime: { kind: 'built', dir: distDir },
      env: { LOG_LEVEL: 'warn', PUSH_ALLOW_PRIVATE_TARGETS: '1', CHELIAN_ADMIN_PASSWORD: TEST_ADMIN_PASSWORD },
    });
    session = await login(api(1), 'admin', TEST_ADMIN_PASSWORD);
  }, 120_000);

  afterAll(async () => {
    for (const f of fleets) f.stop();
    for (const f of feeds) f.close();
    await cluster?.stop();
    await db?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    if (distDir) fs.rmSync(distDir, { recursive: true, force: true });
  }, 60_000);

  it('answers /readyz and /metrics on every process; nginx hides /metrics', async () => {
    for (const p of cluster.processes) {
      expect((await fetch(`http://127.0.0.1:${p.httpPort}/readyz`)).status, p.name).toBe(200);
      expect(await fetchMetrics(p.httpPort, cluster.metricsToken), p.name).toContain('chelian_bus_connected 1');
      expect((await fetch(`http://127.0.0.1:${p.httpPort}/metrics`)).status, p.name).toBe(404); // no token
    }
    expect((await fetch(`http://127.0.0.1:${httpPort}/readyz`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${httpPort}/metrics`)).status).toBe(404);
  });

  it('takes a session made on API process A on B and through nginx', async () => {
    for (const port of [api(2), httpPort]) {
      const user = await getJson(port, '/car/v1/api/user/getUser.json', session);
      expect(user.flag, user.msg).toBe(1);
    }
  });

  it('routes a command from either API process to the gateway holding the socket, and its reply back', async () => {
    const fleet = startFleet(4, 31, 0.5);
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
    await eventually(
      () => fleet.terminals.every((t) => t.state === 'online' && t.delivery.acked > 0),
      20_000,
      'terminals online through nginx',
    );
    // nginx spread them: both gateways hold sockets
    expect(await connectionsOn('gateway-1')).toBeGreaterThan(0);
    expect(await connectionsOn('gateway-2')).toBeGreaterThan(0);

    for (const [i, t] of fleet.terminals.entries()) {
      const sent = await postForm(
        api(i % 2 === 0 ? 1 : 2),
        '/car/v1/api/command/commandDownBatch.json',
        { terminalIds: t.id, commandType: 'cutOil' },
        session,
      );
      expect(sent.obj, sent.msg).toMatchObject({ total: 1, sent: 1 });
    }
    await eventually(() => fleet.terminals.every((t) => t.vehicle.oilCut), 10_000, 'every terminal obeyed');
    for (const [i, t] of fleet.terminals.entries()) {
      await eventually(
        async () => {
          const list = await getJson(
            api(i % 2 === 0 ? 2 : 1),
            `/car/v1/api/command/listCommand.json?terminalId=${t.id}&pageSize=5`,
            session,
          );
          return list.obj.list[0]?.status === 'replied';
        },
        10_000,
        `${t.id} reply stored`,
      );
    }
  });

  it('shows a live feed on API process B the positions ingested by either gateway, directly and through nginx', async () => {
    const fleet = fleets[0];
    const direct = await openLive(liveUrl(api(2)));
    const proxied = await openLive(liveUrl(httpPort));
    feeds.push(direct, proxied);
    for (const t of fleet.terminals) {
      await direct.waitFor(isPositionOf(t.id), 10_000);
      await proxied.waitFor(isPositionOf(t.id), 10_000);
    }
  });

  it.skipIf(!fs.existsSync(CHROMIUM))('shows the same in a browser: a WebSocket opened in Chromium to API process B', async () => {
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    try {
      const page = await browser.newPage();
      const ids = fleets[0].terminals.map((t) => t.id);
      const missing = await page.evaluate(
        ({ url, ids }) =>
          new Promise<string[]>((resolve) => {
            const want = new Set(ids);
            const ws = new WebSocket(url);
            const done = () => (ws.close(), resolve([...want]));
            const timer = setTimeout(done, 15_000);
            ws.onmessage = (e) => {
              const m = JSON.parse(e.data);
              if (m.type === 'position') want.delete(m.data.terminalId);
              if (want.size === 0) {
                clearTimeout(timer);
                done();
              }
            };
          }),
        { url: liveUrl(api(2)), ids },
      );
      expect(missing).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  it('delivers an alarm once although two jobs processes run the delivery', async () => {
    const hook = await startWebhookReceiver();
    try {
      const target = await postJson(
        httpPort,
        '/car/v4/api/alarm/push/configPushTarget.json',
        { webhookUrl: hook.url, webhookSecret: 's' },
        session,
      );
      expect(target.flag, target.msg).toBe(1);
      const pushes = await postJson(
        httpPort,
        '/car/v4/api/alarm/push/configAlarmPush.json',
        { items: [{ alarmType: 'sos', enabled: true, channels: ['webhook'] }] },
        session,
      );
      expect(pushes.flag, pushes.msg).toBe(1);
      const sim = fleets[0].terminals[0];
      const id = sim.id;
      // Its simulated self holds the id: while that connection lives, a registration is refused (docs/security.md).
      sim.stop();
      const term = (await eventually(() => connectJt808(ports.jt808, id).catch(() => null), 15_000, 'the terminal signed in'))!;
      term.send(
        encodeJt808Location({ phone: id }, 2, {
          time: Date.now() - 500,
          lat: 22.54,
          lon: 114.05,
          valid: true,
          speedKmh: 40,
          course: 0,
          altitude: 0,
          alarms: ['sos'],
        }),
      );
      await term.next(5000);
      term.close();
      await hook.waitFor(1, 15_000);
      await new Promise((r) => setTimeout(r, 3000)); // a second delivery would have come by now
      expect(hook.received.filter((h) => (h.json.alarm as { type?: string })?.type === 'sos')).toHaveLength(1);
    } finally {
      await hook.close();
    }
  });

  it('loses nothing acknowledged when a gateway is SIGKILLed under load: terminals reconnect through nginx', async () => {
    const fleet = startFleet(40, 57, 0.2);
    await fleet.start();
    const acked = () => fleet.terminals.reduce((n, t) => n + t.delivery.acked, 0);
    await eventually(() => fleet.terminals.every((t) => t.state === 'online') && acked() >= 400, 30_000, 'the fleet under way');
    const gateway = cluster.byName('gateway-1');
    gateway.child.kill('SIGKILL');
    await gateway.exited;
    const ackedAtKill = acked();
    // Every terminal is back, all on the surviving gateway, and acknowledgements go on.
    await eventually(
      async () => fleet.terminals.every((t) => t.state === 'online') && acked() > ackedAtKill + 400,
      30_000,
      'reconnected and reporting',
    );
    // this fleet and the earlier tests' terminals still running (the alarm test stopped one of them)
    const running = fleets.flatMap((f) => f.terminals).filter((t) => t.state === 'online').length;
    expect(await connectionsOn('gateway-2')).toBeGreaterThanOrEqual(running);
    fleet.stop();
    expect(await lostAcknowledged(fleet.terminals)).toEqual([]);
  });

  it('lets live feeds reconnect through nginx when an API process is SIGKILLed', async () => {
    const feedsBefore = await Promise.all([openLive(liveUrl(httpPort)), openLive(liveUrl(httpPort))]);
    feeds.push(...feedsBefore);
    const victim = cluster.byName('api-1');
    victim.child.kill('SIGKILL');
    await victim.exited;
    // A browser's feed reconnects (shared/live/liveFeed.ts backs off and opens it again): nginx
    // sends it to the surviving process, which streams positions.
    const again = await openLive(liveUrl(httpPort));
    feeds.push(again);
    await again.waitFor((m) => m.type === 'position', 10_000);
    expect((await getJson(httpPort, '/car/v1/api/user/getUser.json', session)).flag).toBe(1);
  });
});
