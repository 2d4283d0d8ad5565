/**
 * The cluster under load: `npm run bench -- cluster-load [--terminals=20000] [--interval=10]
 * [--seconds=120] [--per-address=2500] [--connect-rate=1000] [--gateways=2] [--apis=2]
 * [--kill-gateway-at=S] [--cut-db-at=S] [--cut-nats-at=S] [--cut-seconds=10]`.
 *
 * `npm run cluster`'s layout (launchCluster: 2 gateways, 2 API, 1 jobs, built server) on a fresh
 * database of DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/postgres; the
 * database is dropped afterwards) and NATS_URL (default nats://127.0.0.1:4222), nginx in front.
 * `terminals` simulated JT/T 808 terminals (packages/simulator, the platform's own simulator,
 * `record` on) connect through nginx's terminal port from 127.0.0.1, .2, … (`per-address` each)
 * and report every `interval` seconds. Once all are online the run lasts `seconds`; every 10 s:
 * each process's RSS and CPU (gateways, API, jobs, nginx, PostgreSQL summed, this client), the
 * positions acknowledged. Afterwards: every acknowledged position looked up in the database
 * (lost = acknowledged and not stored), reply latency p50/p99 (send → acknowledgement, which the
 * gateway writes after the commit). `--kill-gateway-at=S`: SIGKILL gateway-1 S seconds into the
 * run (the long form of the fault test): its terminals reconnect through nginx. `--cut-db-at=S` /
 * `--cut-nats-at=S`: the processes reach PostgreSQL / NATS through a TCP proxy (the shared
 * servers are never restarted) that is cut for `cut-seconds` at S: acknowledgements during the
 * cut, and how long after the return they resume.
 * Prints JSON on stdout, progress on stderr.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Fleet, cityByName, planTerminals } from '../packages/simulator/src/index.ts';
import { launchCluster, terminalProtocols, type Cluster } from '../apps/server/src/cluster/launchCluster.ts';
import { openPostgres } from '../apps/server/src/db/postgres.ts';
import { databaseUrl, onServer } from '../apps/server/src/testing/testDb.ts';
import { freePort } from '../apps/server/src/testing/freePort.ts';
import { TcpProxy } from '../apps/server/src/testing/tcpProxy.ts';
import { openLive } from '../apps/server/src/testing/wsClient.ts';
import { login } from '../apps/server/src/cluster/clusterClient.ts';
import { commandCpuMs, cpuMs, MB, rssBytes, loadAverage } from './support/procStats.ts';

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const num = (name: string, fallback: number) => Number(args.get(name) ?? fallback);
const N = num('terminals', 20_000);
const INTERVAL = num('interval', 10);
const SECONDS = num('seconds', 120);
const PER_ADDRESS = num('per-address', 2500);
const CONNECT_RATE = num('connect-rate', 1000);
const KILL_AT = args.has('kill-gateway-at') ? num('kill-gateway-at', 60) : null;
const CUT_DB_AT = args.has('cut-db-at') ? num('cut-db-at', 60) : null;
const CUT_NATS_AT = args.has('cut-nats-at') ? num('cut-nats-at', 60) : null;
const CUT_SECONDS = num('cut-seconds', 10);
const ADMIN_PASSWORD = `Bench#${randomBytes(4).toString('hex')}`;
const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const repo = path.resolve(import.meta.dirname, '..');
const log = (...a: unknown[]) => console.error(new Date().toISOString().slice(11, 19), ...a);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
// Descriptors per process: the simulator holds every terminal's socket, a gateway its share, an
// nginx worker two per terminal it proxies. The hard limit (20 000 on these machines) cannot be
// raised from inside the container, so one client process holds at most that many terminals.
const HARD_LIMIT = Number(fs.readFileSync('/proc/self/limits', 'utf8').match(/Max open files\s+\d+\s+(\d+)/)?.[1]) || 1_048_576;
const FILE_LIMIT = Math.min(N + 2000, HARD_LIMIT);
if (N + 500 > HARD_LIMIT) throw new Error(`--terminals=${N} needs more than this process's ${HARD_LIMIT} descriptors`);
const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);

// This process holds every terminal's socket: above its soft limit, it starts itself again under a raised one.
if (!process.env.CLUSTER_LOAD_RELAUNCHED && FILE_LIMIT > softLimit()) {
  const cmd = [process.execPath, ...process.execArgv, ...process.argv.slice(1)].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  const child = spawn('bash', ['-c', `ulimit -n ${FILE_LIMIT} && exec ${cmd}`], { stdio: 'inherit', env: { ...process.env, CLUSTER_LOAD_RELAUNCHED: '1' } });
  child.on('exit', (code) => process.exit(code ?? 1));
} else {
  await main();
}


async function main() {
  const distDir = path.join(repo, '.tmp', `bench-cluster-dist-${process.pid}`);
  execFileSync(process.execPath, [path.join(repo, 'scripts/build-server.mjs')], { env: { ...process.env, SERVER_OUTDIR: distDir }, stdio: ['ignore', 2, 'inherit'] });
  const dbName = `chelian_bench_cluster_${randomBytes(4).toString('hex')}`;
  await onServer(SERVER_URL, (c) => c.query(`CREATE DATABASE ${dbName}`));
  const url = databaseUrl(SERVER_URL, dbName);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chelian-bench-cluster-'));
  const httpPort = await freePort();
  const ports: Record<string, number> = {};
  for (const p of terminalProtocols()) ports[p] = await freePort();
  let cluster: Cluster | null = null;
  const dbProxy = CUT_DB_AT !== null ? await TcpProxy.start(url) : null;
  const natsProxy = CUT_NATS_AT !== null ? await TcpProxy.start(NATS_URL) : null;
  let fleet: Fleet | null = null;
  const cleanup = async () => {
    fleet?.stop();
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
    log(`starting the cluster on ${dbName}`);
    const started = Date.now();
    cluster = await launchCluster({
      databaseUrl: dbProxy ? dbProxy.through(url) : url, natsUrl: natsProxy ? natsProxy.through(NATS_URL) : NATS_URL, natsPrefix: `bench${randomBytes(3).toString('hex')}`, dataDir, listenHost: '127.0.0.1', httpPort, terminalPorts: ports,
      gateways: num('gateways', 2), apis: num('apis', 2), jobs: 1, runtime: { kind: 'built', dir: distDir },
      env: { LOG_LEVEL: 'warn', CHELIAN_ADMIN_PASSWORD: ADMIN_PASSWORD }, fileLimit: FILE_LIMIT,
      onOutput: (name, line) => /"level":(50|60)/.test(line) && log(name, line.slice(0, 300)),
    });
    log(`cluster up in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    fleet = new Fleet(planTerminals({ count: N, protocol: 'jt808', seed: 2026, cities: [cityByName('深圳')!, cityByName('北京')!, cityByName('上海')!] }), {
      host: '127.0.0.1', ports: { jt808: ports.jt808 }, intervalSeconds: INTERVAL, heartbeatSeconds: 60, record: true, perSourceAddress: PER_ADDRESS,
      reconnectMinMs: 1000, reconnectMaxMs: 5000, ackTimeoutMs: 15_000, alarmRate: 0, driver: { startParked: false }, connectRate: CONNECT_RATE,
    });
    const f = fleet;
    const online = () => f.terminals.filter((t) => t.state === 'online').length;
    const acked = () => f.terminals.reduce((n, t) => n + t.delivery.acked, 0);
    const connectStart = Date.now();
    await fleet.start();
    while (online() < N && Date.now() - connectStart < 180_000) await sleep(1000);
    const connectSeconds = (Date.now() - connectStart) / 1000;
    log(`${online()} of ${N} online in ${connectSeconds.toFixed(1)} s`);

    const pids = () => [
      ...cluster!.processes.map((p) => ({ name: p.name, pid: p.child.pid! })),
      ...nginxWorkers(cluster!.nginx.pid!).map((pid, i) => ({ name: `nginx-worker-${i + 1}`, pid })),
      { name: 'client (simulator)', pid: process.pid },
    ];
    const cpu0 = new Map(pids().map((p) => [p.name, safe(() => cpuMs(p.pid))]));
    const pg0 = commandCpuMs('postgres');
    const t0 = Date.now();
    const acked0 = acked();
    const samples: Array<Record<string, unknown>> = [];
    let killedAt: number | null = null;
    const cuts: Array<Record<string, unknown>> = [];
    // An operator's live feed through nginx: when positions last reached a browser.
    const feed = dbProxy || natsProxy ? await openLive(`ws://127.0.0.1:${httpPort}/ws/live?sessionId=${await login(httpPort, 'admin', ADMIN_PASSWORD)}`) : null;
    const cut = async (what: string, proxy: TcpProxy) => {
      log(`cutting ${what} for ${CUT_SECONDS} s`);
      await proxy.cut();
      await sleep(1000); // what committed before the cut is answered by now
      const during = acked();
      await sleep(CUT_SECONDS * 1000 - 1000);
      const ackedDuringCut = acked() - during;
      await proxy.restore();
      const back = Date.now();
      const before = acked();
      const seen = feed!.messages.length;
      const resumed: Record<string, number | null> = { acknowledgementsAfterMs: null, liveFeedAfterMs: null };
      while ((resumed.acknowledgementsAfterMs === null || resumed.liveFeedAfterMs === null) && Date.now() - back < 60_000) {
        if (resumed.acknowledgementsAfterMs === null && acked() > before) resumed.acknowledgementsAfterMs = Date.now() - back;
        if (resumed.liveFeedAfterMs === null && feed!.messages.slice(seen).some((m) => m.type === 'position')) resumed.liveFeedAfterMs = Date.now() - back;
        await sleep(50);
      }
      cuts.push({ what, seconds: CUT_SECONDS, acknowledgedWhileCut: ackedDuringCut, ...resumed });
      log(`${what} back: acknowledgements after ${resumed.acknowledgementsAfterMs} ms, live feed after ${resumed.liveFeedAfterMs} ms`);
    };
    const faults: Array<Promise<void>> = [];
    if (dbProxy) faults.push(sleep(CUT_DB_AT! * 1000).then(() => cut('database', dbProxy)));
    if (natsProxy) faults.push(sleep(CUT_NATS_AT! * 1000).then(() => cut('nats', natsProxy)));
    while (Date.now() - t0 < SECONDS * 1000) {
      await sleep(10_000);
      const elapsed = Math.round((Date.now() - t0) / 1000);
      if (KILL_AT !== null && killedAt === null && elapsed >= KILL_AT) {
        log('SIGKILL gateway-1');
        cluster.byName('gateway-1').child.kill('SIGKILL');
        killedAt = elapsed;
      }
      const rss = Object.fromEntries(pids().map((p) => [p.name, MB(safe(() => rssBytes(p.pid)))]));
      samples.push({ second: elapsed, online: online(), acknowledged: acked() - acked0, rssMB: rss, load: loadAverage() });
      log(`t=${elapsed}s online ${online()} acked ${acked() - acked0} gw1 ${rss['gateway-1']} MB gw2 ${rss['gateway-2']} MB`);
    }
    await Promise.all(faults);
    feed?.close();
    const seconds = (Date.now() - t0) / 1000;
    const ackedInRun = acked() - acked0;
    const cpu = Object.fromEntries(pids().map((p) => [p.name, Math.round((safe(() => cpuMs(p.pid)) - (cpu0.get(p.name) ?? 0)) / 10 / seconds) / 100]));
    const postgresCores = Math.round((commandCpuMs('postgres') - pg0) / 10 / seconds) / 100;
    fleet.stop();

    // Every acknowledged position, looked up (acknowledgements taken first: each was stored before it was sent).
    const records = fleet.terminals.flatMap((t) => t.records!.map((r) => ({ id: t.id, r })));
    const ackedKeys = records.filter((x) => x.r.acked).flatMap((x) => x.r.times.map((time) => `${x.id}|${time}`));
    const latencies = records.filter((x) => x.r.acked && x.r.ackMs !== undefined).map((x) => x.r.ackMs!).sort((a, b) => a - b);
    const db = openPostgres({ connectionString: url, max: 1 });
    const stored = new Set<string>();
    for await (const rows of db.cursor<{ identifier: string; t: Date }>('SELECT t.identifier, p.gps_time AS t FROM positions p JOIN terminals t ON t.id = p.terminal_id', [], 50_000)) {
      for (const r of rows) stored.add(`${r.identifier}|${r.t.getTime()}`);
    }
    const bytes = await db.one<{ positions: number; size: number }>(
      `SELECT (SELECT count(*) FROM positions)::bigint AS positions, (SELECT sum(pg_total_relation_size(inhrelid)) FROM pg_inherits WHERE inhparent = 'positions'::regclass)::bigint AS size`,
    );
    await db.close();
    const lost = ackedKeys.filter((k) => !stored.has(k)).length;
    const result = {
      bench: 'cluster-load',
      at: new Date().toISOString(),
      machine: { cores: os.cpus().length, memoryGB: Math.round(os.totalmem() / 2 ** 30) },
      options: { terminals: N, intervalSeconds: INTERVAL, seconds: SECONDS, perAddress: PER_ADDRESS, gateways: num('gateways', 2), apis: num('apis', 2), killGatewayAt: KILL_AT },
      connect: { online: samples.length ? (samples[samples.length - 1].online as number) : online(), seconds: Math.round(connectSeconds * 10) / 10 },
      positions: {
        acknowledged: ackedKeys.length,
        perSecondInRun: Math.round(ackedInRun / seconds),
        storedRows: stored.size,
        lostAcknowledged: lost,
        bytesPerStoredRow: bytes?.positions ? Math.round(Number(bytes.size) / Number(bytes.positions)) : null,
      },
      replyMs: { p50: pct(latencies, 50), p90: pct(latencies, 90), p99: pct(latencies, 99), max: latencies[latencies.length - 1] ?? null, samples: latencies.length },
      cpuCores: { ...cpu, postgres: postgresCores },
      samples,
      killedGatewayAt: killedAt,
      cuts,
    };
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  } finally {
    await cleanup();
  }
}

function softLimit(): number {
  return Number(fs.readFileSync('/proc/self/limits', 'utf8').match(/Max open files\s+(\d+)/)?.[1]) || 1024;
}

function safe(fn: () => number): number {
  try {
    return fn();
  } catch {
    return NaN;
  }
}

/** nginx's worker processes (children of its master). */
function nginxWorkers(master: number): number[] {
  const out: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === master) out.push(Number(entry));
    } catch {
      /* gone */
    }
  }
  return out;
}
