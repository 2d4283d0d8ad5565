/**
 * The cluster under load: `npm run bench -- cluster-load [--terminals=20000] [--interval=10]
 * [--seconds=120] [--per-address=2500] [--per-client=16000] [--connect-rate=1000] [--gateways=N]
 * [--apis=2] [--nginx-workers=N] [--kill-gateway-at=S] [--kill-api-at=S] [--cut-db-at=S]
 * [--cut-nats-at=S] [--cut-seconds=10]`.
 *
 * `npm run cluster`'s layout (launchCluster: gateways, 2 API, 1 jobs, built server) on a fresh
 * database of DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/postgres; the
 * database is dropped afterwards) and NATS_URL (default nats://127.0.0.1:4222), nginx in front.
 * Every process here may hold at most 20 000 descriptors (the container's hard limit, which cannot
 * be raised inside it), so the sockets are spread: `terminals` JT/T 808 terminals run in client
 * processes of `per-client` terminals each (the lean client of bench/support/steadyClient.ts: one
 * 0x0200 per terminal per interval at its own phase, reconnecting when its connection closes,
 * every acknowledged report kept), connecting through nginx's terminal port from 127.0.0.1, .2, …
 * (`per-address` each) at `connect-rate` logins a second; gateways default to one per 16 000
 * terminals (at least 2), nginx workers to one per 7 000 (at least 4; the terminal ports listen
 * with reuseport). Once all are online the terminals report for one interval of warm-up, then the
 * run lasts `seconds`; every 10 s: each process's RSS (gateways, API, jobs, nginx workers, clients)
 * and the positions acknowledged. Afterwards: every acknowledged position looked up in the database
 * (one anti-join: lost = acknowledged and not stored), reply latency p50/p99 (send →
 * acknowledgement, which the gateway writes after the commit), and each process's CPU over the run,
 * in cores and in µs per acknowledged position: clients, nginx workers, each server process, the
 * run's PostgreSQL backends (by application_name), all of PostgreSQL and nats-server (machine-wide:
 * other work on the machine counts there), and the whole machine's busy time.
 * Fault forms (the long form of the fault tests): `--kill-gateway-at=S` SIGKILLs gateway-1 S seconds
 * into the run (its terminals reconnect through nginx); `--kill-api-at=S` SIGKILLs api-1 while an
 * operator's live feed is open through nginx (it reconnects, as the browser does, and the time to
 * the next position is reported; api-1 is started again); `--cut-db-at=S` / `--cut-nats-at=S`: the
 * processes reach PostgreSQL / NATS through a TCP proxy (the shared servers are never restarted)
 * that is cut for `cut-seconds` at S: acknowledgements during the cut, and how long after the
 * return they resume; `--restart-postgres-at=S` / `--restart-nats-at=S` restart the machine's own
 * PostgreSQL (`pg_ctlcluster … restart`) / NATS server for real (bench/support/machineServices.ts:
 * only on a machine nothing else is using) and report the same.
 * `--profile=DIR`: every server and client process writes a V8 CPU profile there when it ends.
 * Prints JSON on stdout, progress on stderr.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchCluster, terminalProtocols, type Cluster } from '../apps/server/src/cluster/launchCluster.ts';
import { openPostgres } from '../apps/server/src/db/postgres.ts';
import { databaseUrl, onServer } from '../apps/server/src/testing/testDb.ts';
import { freePort } from '../apps/server/src/testing/freePort.ts';
import { TcpProxy } from '../apps/server/src/testing/tcpProxy.ts';
import { openLive, type LiveClient } from '../apps/server/src/testing/wsClient.ts';
import { login } from '../apps/server/src/cluster/clusterClient.ts';
import { restartNats, restartPostgres } from './support/machineServices.ts';
import { commandCpuMs, cpuMs, MB, rssBytes, loadAverage } from './support/procStats.ts';
import { PgBackends } from './support/pgBackends.ts';
import type { Counters, SteadyPlan } from './support/steadyClient.ts';
import { childPids, machineBusyMs, safe, verifyStored } from './support/clusterLoadReport.ts';
import { latencyPercentiles } from './support/replyLatency.ts';

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const num = (name: string, fallback: number) => Number(args.get(name) ?? fallback);
const N = num('terminals', 20_000);
const INTERVAL = num('interval', 10);
const SECONDS = num('seconds', 120);
const PER_ADDRESS = num('per-address', 2500);
const CONNECT_RATE = num('connect-rate', 1000);
const KILL_AT = args.has('kill-gateway-at') ? num('kill-gateway-at', 60) : null;
const KILL_API_AT = args.has('kill-api-at') ? num('kill-api-at', 60) : null;
const CUT_DB_AT = args.has('cut-db-at') ? num('cut-db-at', 60) : null;
const CUT_NATS_AT = args.has('cut-nats-at') ? num('cut-nats-at', 60) : null;
const CUT_SECONDS = num('cut-seconds', 10);
const RESTART_PG_AT = args.has('restart-postgres-at') ? num('restart-postgres-at', 60) : null;
const RESTART_NATS_AT = args.has('restart-nats-at') ? num('restart-nats-at', 60) : null;
const ADMIN_PASSWORD = `Bench#${randomBytes(4).toString('hex')}`;
const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const repo = path.resolve(import.meta.dirname, '..');
const log = (...a: unknown[]) => console.error(new Date().toISOString().slice(11, 19), ...a);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const HARD_LIMIT = Number(fs.readFileSync('/proc/self/limits', 'utf8').match(/Max open files\s+\d+\s+(\d+)/)?.[1]) || 1_048_576;
const FILE_LIMIT = Math.min(HARD_LIMIT, 1_048_576);
const PER_CLIENT = Math.min(num('per-client', 16_000), FILE_LIMIT - 1000);
const CLIENTS = Math.ceil(N / PER_CLIENT);
const GATEWAYS = num('gateways', Math.max(2, Math.ceil(N / 16_000)));
const NGINX_WORKERS = num('nginx-workers', Math.max(4, Math.ceil(N / 7000)));
const APIS = num('apis', 2);
const PROFILE_ARGS = args.has('profile') ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(args.get('profile')!)}`] : [];
if (Math.ceil(N / GATEWAYS) + 1000 > FILE_LIMIT)
  throw new Error(`--gateways=${GATEWAYS}: ${Math.ceil(N / GATEWAYS)} terminals each exceed ${FILE_LIMIT} descriptors`);
if (Math.ceil(CLIENTS * Math.ceil(PER_CLIENT / PER_ADDRESS)) > 250) throw new Error('more than 250 source addresses: raise --per-address');

interface Client {
  child: ChildProcess;
  plan: SteadyPlan;
  ask<T>(msg: object, reply: string): Promise<T>;
}
const APP_NAME = `chelian_cluster_load_${process.pid}`;

/** A client process under the file limit (bash raises the soft limit, then becomes node). */
function startClient(plan: SteadyPlan): Promise<Client> {
  const cmd = [process.execPath, ...PROFILE_ARGS, '--import', 'tsx', path.join(repo, 'bench/support/steadyClient.ts')]
    .map((a) => `'${a.replace(/'/g, `'\\''`)}'`)
    .join(' ');
  const child = spawn('bash', ['-c', `ulimit -n ${FILE_LIMIT} && exec ${cmd}`], {
    cwd: repo,
    env: { ...process.env, STEADY_CLIENT_PLAN: JSON.stringify(plan) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ask = <T>(msg: object, reply: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (m: { type: string }) =>
        m.type === reply && (child.off('message', onMessage), child.off('exit', onExit), resolve(m as T));
      const onExit = (code: number | null) => reject(new Error(`load client exited (${code})`));
      child.on('message', onMessage);
      child.once('exit', onExit);
      child.send(msg);
    });
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve({ child, plan, ask }));
    child.once('exit', (code) => reject(new Error(`load client ${plan.first} exited (${code})`)));
  });
}

async function main() {
  const distDir = path.join(repo, '.tmp', `bench-cluster-dist-${process.pid}`);
  execFileSync(process.execPath, [path.join(repo, 'scripts/build-server.mjs')], {
    env: { ...process.env, SERVER_OUTDIR: distDir },
    stdio: ['ignore', 2, 'inherit'],
  });
  const dbName = `chelian_bench_cluster_${randomBytes(4).toString('hex')}`;
  await onServer(SERVER_URL, (c) => c.query(`CREATE DATABASE ${dbName}`));
  const url = databaseUrl(SERVER_URL, dbName);
  const tagged = new URL(url);
  tagged.searchParams.set('application_name', APP_NAME);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chelian-bench-cluster-'));
  const httpPort = await freePort();
  const ports: Record<string, number> = {};
  for (const p of terminalProtocols()) ports[p] = await freePort();
  let cluster: Cluster | null = null;
  const dbProxy = CUT_DB_AT !== null ? await TcpProxy.start(url) : null;
  const natsProxy = CUT_NATS_AT !== null ? await TcpProxy.start(NATS_URL) : null;
  const clients: Client[] = [];
  const cleanup = async () => {
    // A client exits by itself when the bench lets go of it (a --cpu-prof profile is written then).
    await Promise.all(
      clients.map(async (c) => {
        if (c.child.exitCode !== null || c.child.signalCode) return;
        const exited = new Promise((r) => c.child.once('exit', r));
        if (c.child.connected) c.child.disconnect();
        const late = setTimeout(() => c.child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(late);
      }),
    );
    await dbProxy?.restore();
    await natsProxy?.restore();
    await cluster?.stop().catch(() => {});
    await dbProxy?.cut();
    await natsProxy?.cut();
    await onServer(SERVER_URL, (c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`)).catch(() => {});
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(distDir, { recursive: true, force: true });
  };
  process.on('SIGINT', () => void cleanup().then(() => process.exit(130)));
  try {
    log(`starting the cluster on ${dbName}: ${GATEWAYS} gateways, ${APIS} API, 1 jobs, nginx with ${NGINX_WORKERS} workers`);
    const started = Date.now();
    cluster = await launchCluster({
      databaseUrl: dbProxy ? dbProxy.through(tagged.toString()) : tagged.toString(),
      natsUrl: natsProxy ? natsProxy.through(NATS_URL) : NATS_URL,
      natsPrefix: `bench${randomBytes(3).toString('hex')}`,
      dataDir,
      listenHost: '127.0.0.1',
      httpPort,
      terminalPorts: ports,
      gateways: GATEWAYS,
      apis: APIS,
      jobs: 1,
      runtime: { kind: 'built', dir: distDir },
      nginxWorkers: NGINX_WORKERS,
      nodeArgs: PROFILE_ARGS,
      env: { LOG_LEVEL: 'warn', CHELIAN_ADMIN_PASSWORD: ADMIN_PASSWORD },
      fileLimit: FILE_LIMIT,
      // `per-address` terminals (2 500 by default) dial from each loopback address: nginx counts none
      maxConnectionsPerAddress: 0,
      onOutput: (name, line) => /"level":(50|60)/.test(line) && log(name, line.slice(0, 300)),
    });
    log(`cluster up in ${((Date.now() - started) / 1000).toFixed(1)} s; ${CLIENTS} client processes of up to ${PER_CLIENT} terminals`);

    const addressesPerClient = Math.ceil(PER_CLIENT / PER_ADDRESS);
    for (let k = 0; k < CLIENTS; k++) {
      const first = k * PER_CLIENT;
      const count = Math.min(PER_CLIENT, N - first);
      clients.push(
        await startClient({
          first,
          count,
          host: '127.0.0.1',
          port: ports.jt808,
          sourceAddresses: Array.from({ length: Math.ceil(count / PER_ADDRESS) }, (_, a) => `127.0.0.${1 + k * addressesPerClient + a}`),
          perAddress: PER_ADDRESS,
          intervalMs: INTERVAL * 1000,
          heartbeatMs: 60_000,
          concurrency: 256,
          connectRate: Math.ceil(CONNECT_RATE / CLIENTS),
          reconnect: { minMs: 1000, maxMs: 5000 },
          record: true,
        }),
      );
    }
    type Status = Omit<Counters, 'latency'>;
    const statuses = async () => Promise.all(clients.map((c) => c.ask<Status>({ type: 'status' }, 'status')));
    const sum = (list: Status[], key: 'online' | 'acked' | 'sent' | 'reconnects' | 'cutOff' | 'refused') =>
      list.reduce((n, s) => n + s[key], 0);
    const connectStart = Date.now();
    const opening = Promise.all(
      clients.map((c) => c.ask<{ held: number; failed: number; lastError?: string }>({ type: 'open' }, 'opened')),
    );
    let opened: Array<{ held: number; failed: number; lastError?: string }> | null = null;
    void opening.then((o) => (opened = o));
    let online = 0;
    while (!opened && Date.now() - connectStart < 600_000) {
      await sleep(2000);
      online = sum(await statuses(), 'online');
      if (Math.round((Date.now() - connectStart) / 2000) % 5 === 0) log(`connecting: ${online} online, load ${loadAverage()[0]}`);
    }
    const connectSeconds = (Date.now() - connectStart) / 1000;
    online = sum(await statuses(), 'online');
    const failed = opened ? (opened as Array<{ failed: number; lastError?: string }>).reduce((n, o) => n + o.failed, 0) : NaN;
    log(`${online} of ${N} online in ${connectSeconds.toFixed(1)} s (${failed} logins failed)`);
    // One interval of reports before the measured run (JIT, first flushes): its positions are checked too.
    for (const c of clients) c.child.send({ type: 'run', mode: 'report' });
    await sleep(INTERVAL * 1000);
    const latencyParts: Array<Counters['latency']> = [];
    const snapshots = async () => {
      const snaps = await Promise.all(clients.map((c) => c.ask<Counters>({ type: 'snapshot' }, 'snapshot')));
      latencyParts.push(...snaps.map((x) => x.latency));
      return snaps;
    };
    await snapshots();
    latencyParts.length = 0; // the warm-up's replies are not the run's

    const pids = () => [
      ...cluster!.processes.map((p) => ({ name: p.name, pid: p.child.pid! })),
      ...childPids(cluster!.nginx.pid!).map((pid, i) => ({ name: `nginx-worker-${i + 1}`, pid })),
      ...clients.map((c, i) => ({ name: `client-${i + 1}`, pid: c.child.pid! })),
    ];
    const admin = openPostgres({ connectionString: url, max: 1 });
    const backends = new PgBackends(async () =>
      (await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE application_name = $1', [APP_NAME])).map((r) => r.pid),
    );
    await backends.mark();
    const backendSampler = setInterval(() => void backends.sample().catch(() => {}), 2000);
    // Each process's CPU by pid (a killed process keeps its last reading, a restarted one counts from 0), summed by name.
    const cpuFirst = new Map<number, number>();
    const cpuLast = new Map<number, { name: string; ms: number }>();
    const sampleCpu = (initial = false) => {
      for (const p of pids()) {
        const ms = safe(() => cpuMs(p.pid));
        if (Number.isNaN(ms)) continue;
        if (!cpuFirst.has(p.pid)) cpuFirst.set(p.pid, initial ? ms : 0);
        cpuLast.set(p.pid, { name: p.name, ms });
      }
    };
    sampleCpu(true);
    const pg0 = commandCpuMs('postgres');
    const nats0 = commandCpuMs('nats-server');
    const machine0 = machineBusyMs();
    const t0 = Date.now();
    const acked0 = sum(await statuses(), 'acked');
    const samples: Array<Record<string, unknown>> = [];
    let killedAt: number | null = null;
    const faults: Array<Record<string, unknown>> = [];
    const faultRuns: Array<Promise<void>> = [];
    // An operator's live feed through nginx: when positions last reached a browser.
    const feedUrl = async () => `ws://127.0.0.1:${httpPort}/ws/live?sessionId=${await login(httpPort, 'admin', ADMIN_PASSWORD)}`;
    const withFeed = dbProxy || natsProxy || KILL_API_AT !== null || RESTART_PG_AT !== null || RESTART_NATS_AT !== null;
    let feed: LiveClient | null = withFeed ? await openLive(await feedUrl()) : null;
    const ackedNow = async () => sum(await statuses(), 'acked');
    /** After a service is back: how long until acknowledgements and the live feed resume. */
    const resumption = async (what: string) => {
      const back = Date.now();
      const before = await ackedNow();
      const seen = feed!.messages.length;
      const resumed: Record<string, number | null> = { acknowledgementsAfterMs: null, liveFeedAfterMs: null };
      while ((resumed.acknowledgementsAfterMs === null || resumed.liveFeedAfterMs === null) && Date.now() - back < 60_000) {
        if (resumed.acknowledgementsAfterMs === null && (await ackedNow()) > before) resumed.acknowledgementsAfterMs = Date.now() - back;
        if (resumed.liveFeedAfterMs === null && feed!.messages.slice(seen).some((m) => m.type === 'position'))
          resumed.liveFeedAfterMs = Date.now() - back;
        await sleep(50);
      }
      log(`${what} back: acknowledgements after ${resumed.acknowledgementsAfterMs} ms, live feed after ${resumed.liveFeedAfterMs} ms`);
      return resumed;
    };
    const cut = async (what: string, proxy: TcpProxy) => {
      log(`cutting ${what} for ${CUT_SECONDS} s`);
      await proxy.cut();
      await sleep(1000); // what committed before the cut is answered by now
      const during = await ackedNow();
      await sleep(CUT_SECONDS * 1000 - 1000);
      const ackedDuringCut = (await ackedNow()) - during;
      await proxy.restore();
      faults.push({ what: `${what} cut`, seconds: CUT_SECONDS, acknowledgedWhileCut: ackedDuringCut, ...(await resumption(what)) });
    };
    const restart = async (what: string, run: () => Promise<void>) => {
      log(`restarting the machine's ${what}`);
      const began = Date.now();
      const before = await ackedNow();
      await run();
      const restartMs = Date.now() - began;
      faults.push({
        what: `${what} restarted`,
        restartMs,
        acknowledgedDuringRestart: (await ackedNow()) - before,
        ...(await resumption(what)),
      });
    };
    // SIGKILL of an API process: the operator's browser reconnects its live feed through nginx
    // (the web app retries at once, then with back-off) and nginx sends it to the other process.
    // Two feeds are open (least_conn puts one on each API process); the one on api-1 is followed.
    const killApi = async () => {
      const feeds = [feed!, await openLive(await feedUrl())];
      log('SIGKILL api-1 with two live feeds open');
      const killedAt = Date.now();
      cluster!.byName('api-1').child.kill('SIGKILL');
      const closedIndex = await Promise.race([...feeds.map((f, i) => f.closed.then(() => i)), sleep(5000).then(() => -1)]);
      let reconnectMs: number | null = null;
      let positionAfterMs: number | null = null;
      let reopened: LiveClient | null = null;
      for (let attempt = 0; closedIndex >= 0 && attempt < 60 && !reopened; attempt++) {
        try {
          reopened = await openLive(await feedUrl());
          reconnectMs = Date.now() - killedAt;
        } catch {
          await sleep(500);
        }
      }
      if (reopened) {
        while (positionAfterMs === null && Date.now() - killedAt < 60_000) {
          if (reopened.messages.some((m) => m.type === 'position')) positionAfterMs = Date.now() - killedAt;
          else await sleep(20);
        }
      }
      for (const f of feeds) f.close();
      feed = reopened ?? feeds[1 - Math.max(0, closedIndex)];
      await cluster!.restart('api-1');
      faults.push({
        what: 'api-1 SIGKILL',
        feedOnKilledProcessClosed: closedIndex >= 0,
        feedReopenedAfterMs: reconnectMs,
        positionOnReopenedFeedAfterMs: positionAfterMs,
        restartedAfterMs: Date.now() - killedAt,
      });
      log(
        `api-1 killed: its feed closed ${closedIndex >= 0}, reopened through nginx after ${reconnectMs} ms, a position on it after ${positionAfterMs} ms; api-1 restarted`,
      );
    };
    if (dbProxy) faultRuns.push(sleep(CUT_DB_AT! * 1000).then(() => cut('database', dbProxy)));
    if (natsProxy) faultRuns.push(sleep(CUT_NATS_AT! * 1000).then(() => cut('nats', natsProxy)));
    if (KILL_API_AT !== null) faultRuns.push(sleep(KILL_API_AT * 1000).then(killApi));
    if (RESTART_PG_AT !== null) faultRuns.push(sleep(RESTART_PG_AT * 1000).then(() => restart('PostgreSQL', restartPostgres)));
    if (RESTART_NATS_AT !== null) faultRuns.push(sleep(RESTART_NATS_AT * 1000).then(() => restart('NATS', restartNats)));
    while (Date.now() - t0 < SECONDS * 1000) {
      await sleep(10_000);
      const elapsed = Math.round((Date.now() - t0) / 1000);
      if (KILL_AT !== null && killedAt === null && elapsed >= KILL_AT) {
        log('SIGKILL gateway-1');
        cluster.byName('gateway-1').child.kill('SIGKILL');
        killedAt = elapsed;
      }
      const now = await snapshots();
      // This window's replies alone: when in the run the tail comes.
      const window = latencyPercentiles(now.map((x) => x.latency));
      sampleCpu();
      const rss = Object.fromEntries(pids().map((p) => [p.name, MB(safe(() => rssBytes(p.pid)))]));
      samples.push({
        second: elapsed,
        online: sum(now, 'online'),
        acknowledged: sum(now, 'acked') - acked0,
        reconnects: sum(now, 'reconnects'),
        replyMs: { p50: window.p50, p99: window.p99, max: window.max },
        rssMB: rss,
        load: loadAverage(),
      });
      log(
        `t=${elapsed}s online ${sum(now, 'online')} acked ${sum(now, 'acked') - acked0} p99 ${window.p99} max ${window.max} ms load ${loadAverage()[0]} gateways ${cluster.processes
          .filter((p) => p.role === 'gateway')
          .map((p) => rss[p.name])
          .join('/')} MB`,
      );
    }
    await Promise.all(faultRuns);
    feed?.close();
    const seconds = (Date.now() - t0) / 1000;
    await backends.sample();
    clearInterval(backendSampler);
    const ackedInRun = (await ackedNow()) - acked0;
    // CPU over the run: ms by process, then in cores and in µs per acknowledged position.
    sampleCpu();
    const used: Record<string, number> = {};
    for (const [pid, { name, ms }] of cpuLast) used[name] = (used[name] ?? 0) + ms - cpuFirst.get(pid)!;
    const machineMs = machineBusyMs() - machine0;
    const natsMs = commandCpuMs('nats-server') - nats0;
    const postgresMs = commandCpuMs('postgres') - pg0;
    await admin.close();
    const group = (prefix: string) => Object.entries(used).reduce((n, [name, ms]) => n + (name.startsWith(prefix) ? ms : 0), 0);
    const perPosition: Record<string, number> = {
      ...Object.fromEntries(Object.entries(used).filter(([name]) => !/^(client|nginx-worker)-/.test(name))),
      clients: group('client-'),
      nginx: group('nginx-worker-'),
      'postgres backends': backends.ms,
      nats: natsMs,
    };
    const listed = Object.values(perPosition).reduce((a, b) => a + b, 0);
    Object.assign(perPosition, {
      'postgres (all, machine-wide)': postgresMs,
      'machine busy': machineMs,
      'machine, not listed above': machineMs - listed,
    });
    const micros = Object.fromEntries(Object.entries(perPosition).map(([k, ms]) => [k, Math.round((ms * 10_000) / ackedInRun) / 10]));
    const cores = Object.fromEntries(Object.entries(perPosition).map(([k, ms]) => [k, Math.round(ms / 10 / seconds) / 100]));
    log('CPU µs per acknowledged position:', JSON.stringify(micros));

    // Every acknowledged position, looked up (each was stored before its acknowledgement was sent).
    const stopped = await Promise.all(
      clients.map((c, i) => c.ask<Counters>({ type: 'stop', ackedFile: path.join(dataDir, `acked-${i}.tsv`) }, 'stopped')),
    );
    const reply = latencyPercentiles([...latencyParts, ...stopped.map((x) => x.latency)]);
    const verified = await verifyStored(
      url,
      clients.map((_, i) => path.join(dataDir, `acked-${i}.tsv`)),
    );
    const result = {
      bench: 'cluster-load',
      at: new Date().toISOString(),
      machine: { cores: os.cpus().length, memoryGB: Math.round(os.totalmem() / 2 ** 30) },
      options: {
        terminals: N,
        intervalSeconds: INTERVAL,
        seconds: SECONDS,
        perAddress: PER_ADDRESS,
        clients: CLIENTS,
        gateways: GATEWAYS,
        apis: APIS,
        nginxWorkers: NGINX_WORKERS,
        killGatewayAt: KILL_AT,
        killApiAt: KILL_API_AT,
        restartPostgresAt: RESTART_PG_AT,
        restartNatsAt: RESTART_NATS_AT,
      },
      connect: {
        online: samples.length ? (samples[samples.length - 1].online as number) : online,
        seconds: Math.round(connectSeconds * 10) / 10,
        failed,
      },
      positions: {
        perSecondInRun: Math.round(ackedInRun / seconds),
        sent: sum(stopped, 'sent'),
        refused: sum(stopped, 'refused'),
        unansweredWhenConnectionClosed: sum(stopped, 'cutOff'),
        unansweredAtEnd: stopped.reduce((n, x) => n + x.unanswered, 0),
        ...verified,
      },
      replyMs: reply,
      cpuMicrosPerPosition: micros,
      cpuCores: cores,
      samples,
      killedGatewayAt: killedAt,
      faults,
    };
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  } finally {
    await cleanup();
  }
}

await main();
