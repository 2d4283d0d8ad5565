/**
 * Idle connections, the way the design scales (several gateways sharing PostgreSQL and NATS):
 * `node --import tsx bench/idle-connections.bench.ts [--connections=100000] [--per-process=19500]
 * [--step=2000] [--gt06-every=5] [--hold-seconds=30] [--max-seconds=1500] [--concurrency=64]
 * [--runtime=built|tsx]`.
 *
 * `runtime`: `built` (default) runs apps/server/dist/main.js, built first by scripts/build-server.mjs
 * (`npm run build:server`); `tsx` runs `node --import tsx apps/server/src/main.ts` as `npm run serve:dev`
 * does, and then a gateway's footprint includes the esbuild service process tsx starts beside it.
 *
 * K = ceil(connections / per-process) gateways, each `main.ts --role gateway` on its own ports
 * (PORT, JT808_PORT, GT06_PORT = 0), all on one fresh schema of DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/test, dropped afterwards) and on NATS_URL (default
 * nats://127.0.0.1:4222), so they work as one. K client processes (bench/support/idleClient.ts),
 * client k on source addresses 127.0.(k+1).1, .2, … (`per-address` each) talking to gateway k (standing in for the TCP load
 * balancer), log their terminals in — JT/T 808 register + authenticate, every `gt06-every`-th
 * terminal a GT06 login — `step` per client at a time, all clients at once, then keep them silent.
 * Every process is started under `bash -c 'ulimit -n …'`: the hard `nofile` limit (20 000 here)
 * is per process, so per-process stays below it. After every step and after holding all of them
 * `hold-seconds`: VmRSS and CPU time of every gateway and client, logins/s, online rows in the
 * database, kernel socket memory (/proc/net/sockstat, /proc/slabinfo). Prints JSON on stdout,
 * progress on stderr. Kills its children and drops its schema on any exit.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { openPostgres } from '../apps/server/src/db/postgres.ts';
import { identifierKey } from '../apps/server/src/core/identifiers.ts';
import { buildServerOnce } from './support/buildServer.ts';
import { terminalOf, type ClientPlan } from './support/idleClient.ts';
import {
  childrenRssBytes,
  commandCpuMs,
  cpuMs,
  kernelSockets,
  loadAverage,
  MB,
  rssBytes,
  type KernelSockets,
} from './support/procStats.ts';
import { SERVER_NODE_FLAGS } from '../apps/server/src/nodeFlags.ts';

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const num = (name: string, fallback: number) => Number(args.get(name) ?? fallback);
const N = num('connections', 100_000);
const STEP = num('step', 2000);
const GT06_EVERY = num('gt06-every', 5);
const HOLD_SECONDS = num('hold-seconds', 30);
const MAX_SECONDS = num('max-seconds', 1500);
const CONCURRENCY = num('concurrency', 64);
// Connections per source address. With one address per client (bind to it, port 0: the kernel
// searches that address's ~28 000 ephemeral ports for a free one), one gateway's logins fell from
// ~1 000/s to ~140/s by 17 500 connections while neither its CPU per login nor PostgreSQL's grew;
// with 2 500 per address they stay at ~1 400/s. The slowdown was the bench's, not the server's.
const PER_ADDRESS = num('per-address', 2500);
const RUNTIME = args.get('runtime') === 'tsx' ? 'tsx' : 'built';
const GATEWAY_ARGS =
  RUNTIME === 'tsx' ? ['--import', 'tsx', 'apps/server/src/main.ts'] : [...SERVER_NODE_FLAGS, 'apps/server/dist/main.js'];
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const repo = path.resolve(import.meta.dirname, '..');
const log = (...a: unknown[]) => console.error(new Date().toISOString().slice(11, 19), ...a);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const round = (x: number) => Math.round(x);

const HEADROOM = 500; // descriptors beyond the connections: database pool, NATS, listeners, files
const hardLimit = Number(fs.readFileSync('/proc/self/limits', 'utf8').match(/Max open files\s+\d+\s+(\d+)/)?.[1]) || 1_048_576;
const PER_PROCESS = Math.min(num('per-process', 19_500), hardLimit - HEADROOM);
const K = Math.ceil(N / PER_PROCESS);
const shares = Array.from({ length: K }, (_, k) => Math.floor(N / K) + (k < N % K ? 1 : 0));
const firsts = shares.map((_, k) => shares.slice(0, k).reduce((a, b) => a + b, 0));
const FD_LIMIT = Math.min(hardLimit, PER_PROCESS + HEADROOM);

/** A child under its own descriptor limit (bash raises the soft limit, then becomes node). */
function spawnLimited(nodeArgs: string[], env: NodeJS.ProcessEnv, ipc: boolean): ChildProcess {
  const cmd = [process.execPath, ...nodeArgs].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  return spawn('bash', ['-c', `ulimit -n ${FD_LIMIT} && exec ${cmd}`], {
    cwd: repo,
    env: { ...process.env, ...env },
    stdio: ipc ? ['ignore', 'inherit', 'inherit', 'ipc'] : ['ignore', 'pipe', 'inherit'],
  });
}

const children: ChildProcess[] = [];
let cleanup: () => Promise<void> = async () => {};

async function natsReachable(url: string): Promise<boolean> {
  const u = new URL(url);
  return new Promise((resolve) => {
    const s = net.connect(Number(u.port || 4222), u.hostname, () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });
}

/** Starts gateway k and resolves with its pid and terminal ports once it listens. */
function startGateway(k: number, env: NodeJS.ProcessEnv): Promise<{ pid: number; ports: { jt808: number; gt06: number } }> {
  const child = spawnLimited([...GATEWAY_ARGS, '--role', 'gateway'], env, false);
  children.push(child);
  let tail = '';
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      tail = (tail + chunk.toString()).slice(-4000); // read it all: a full pipe would stall the gateway
      const m = /"terminalPorts":(\{[^}]*\})/.exec(tail);
      if (m) resolve({ pid: child.pid!, ports: JSON.parse(m[1]) });
    });
    child.once('exit', (code) => reject(new Error(`gateway ${k} exited (${code}): ${tail}`)));
  });
}

function startClient(plan: ClientPlan): Promise<{ child: ChildProcess; ask: <T>(msg: object, reply: string) => Promise<T> }> {
  const child = spawnLimited(
    ['--import', 'tsx', path.join(repo, 'bench/support/idleClient.ts')],
    { IDLE_CLIENT_PLAN: JSON.stringify(plan) },
    true,
  );
  children.push(child);
  const ask = <T>(msg: object, reply: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (m: { type: string }) =>
        m.type === reply && (child.off('message', onMessage), child.off('exit', onExit), resolve(m as T));
      const onExit = (code: number | null) => reject(new Error(`client exited (${code})`));
      child.on('message', onMessage);
      child.once('exit', onExit);
      child.send(msg);
    });
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve({ child, ask }));
    child.once('exit', (code) => reject(new Error(`client ${plan.sourceAddresses[0]} exited (${code})`)));
  });
}

interface Sample {
  step: number;
  seconds: number;
  held: number;
  loginsInStep: number;
  stepSeconds: number;
  loginsPerSecond: number;
  /** Gateway CPU time (all gateways, user + system) per login in this step: the wall-clock rate is mostly the shared machine. */
  gatewayCpuMsPerLogin: number;
  /** CPU time of every `postgres` process on the machine per login (other sessions' queries count too). */
  postgresCpuMsPerLogin: number;
  /** CPU time of the client processes per login (bench side: connect, bind, handshake). */
  clientCpuMsPerLogin: number;
  perGateway: Array<{ held: number; rssMB: number; loginsPerSecond: number; cpuMsInStep: number }>;
  gatewaysRssMB: number;
  clientsRssMB: number;
  failed: number;
  loadAverage: number[];
}

async function main() {
  const schema = `bench_idle_${randomBytes(4).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chelian-idle-'));
  const admin = openPostgres({ connectionString: DATABASE_URL, max: 1 });
  await admin.exec(`CREATE SCHEMA ${schema}`);
  let cleaned = false;
  cleanup = async () => {
    if (cleaned) return;
    cleaned = true;
    const exits = children.filter((c) => c.exitCode === null && c.signalCode === null).map((c) => new Promise((r) => c.once('exit', r)));
    for (const c of children) c.kill('SIGTERM');
    const forced = setTimeout(() => children.forEach((c) => c.kill('SIGKILL')), 15_000);
    await Promise.all(exits);
    clearTimeout(forced);
    await admin.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch((err) => log('schema not dropped:', String(err)));
    await admin.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const db = openPostgres({ connectionString: DATABASE_URL, schema, max: 1 });
  try {
    await migrate(db);
    const ids = Array.from({ length: N }, (_, i) => terminalOf(i, GT06_EVERY));
    await db.query(
      'INSERT INTO terminals (identifier, identifier_key, protocol) SELECT * FROM unnest($1::text[], $2::text[], $3::text[])',
      [ids.map((t) => t.id), ids.map((t) => identifierKey(t.id)), ids.map((t) => t.protocol)],
    );
    const nats = await natsReachable(NATS_URL);
    if (!nats) log(`NATS at ${NATS_URL} unreachable: the gateways run with in-process buses (they still share the database)`);
    const url = new URL(DATABASE_URL);
    url.searchParams.set('options', `-c search_path=${schema}`);
    const env = {
      DATABASE_URL: url.toString(),
      NATS_URL: nats ? NATS_URL : '',
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      JT808_PORT: '0',
      GT06_PORT: '0',
      H02_PORT: '0',
      WATCH_PORT: '0',
      // each client address holds exactly `per-address` terminals: the limit is met, never passed
      MAX_CONNECTIONS_PER_ADDRESS: String(PER_ADDRESS),
      CHELIAN_ADMIN_PASSWORD: `Bench#${randomBytes(6).toString('hex')}`,
      CHELIAN_DEMO: '',
      // Its terminals are made up as they come (docs/security.md).
      TERMINAL_AUTO_REGISTER: '1',
      LOG_LEVEL: 'info',
      // Silent terminals are dropped after this long; the bench outlasts the 300 s default.
      OFFLINE_AFTER_SECONDS: String(MAX_SECONDS + HOLD_SECONDS + 600),
    };
    if (RUNTIME === 'built') buildServerOnce();
    log(
      `${N} connections: ${K} gateways and ${K} clients, ≤ ${PER_PROCESS} each (hard nofile limit ${hardLimit}), NATS ${nats ? 'on' : 'off'}`,
    );
    const gateways = await Promise.all(shares.map((_, k) => startGateway(k, env)));
    await sleep(3000);
    const kernelBefore = kernelSockets();
    const baseline = gateways.map((g) => rssBytes(g.pid));
    log(
      'gateways up',
      gateways.map((g, k) => ({ pid: g.pid, rssMB: MB(baseline[k]) })),
    );
    const clients = await Promise.all(
      shares.map((count, k) =>
        startClient({
          first: firsts[k],
          count,
          ports: gateways[k].ports,
          gt06Every: GT06_EVERY,
          concurrency: CONCURRENCY,
          perAddress: PER_ADDRESS,
          sourceAddresses: Array.from({ length: Math.ceil(count / PER_ADDRESS) }, (_, j) => `127.0.${1 + k}.${1 + j}`),
        }),
      ),
    );
    const clientBaseline = clients.map((c) => rssBytes(c.child.pid!));

    const t0 = performance.now();
    const deadline = t0 + MAX_SECONDS * 1000;
    const samples: Sample[] = [];
    let held = shares.map(() => 0);
    let failed = shares.map(() => 0);
    let cpuBefore = gateways.map((g) => cpuMs(g.pid));
    let postgresBefore = commandCpuMs('postgres');
    for (let step = 1; held.reduce((a, b) => a + b, 0) + failed.reduce((a, b) => a + b, 0) < N && performance.now() < deadline; step++) {
      const stepStart = performance.now();
      const replies = await Promise.all(
        clients.map((c) =>
          c.ask<{ held: number; failed: number; ms: number; cpuMs: number; lastError?: string }>(
            { type: 'open', upTo: step * STEP, maxMs: deadline - performance.now() },
            'opened',
          ),
        ),
      );
      const stepSeconds = (performance.now() - stepStart) / 1000;
      const cpuNow = gateways.map((g) => cpuMs(g.pid));
      const postgresNow = commandCpuMs('postgres');
      const postgresMsInStep = postgresNow - postgresBefore;
      const newly = replies.reduce((a, r, k) => a + r.held - held[k], 0);
      const perGateway = gateways.map((g, k) => ({
        held: replies[k].held,
        rssMB: MB(rssBytes(g.pid)),
        loginsPerSecond: round((replies[k].held - held[k]) / Math.max(0.001, replies[k].ms / 1000)),
        cpuMsInStep: round(cpuNow[k] - cpuBefore[k]),
      }));
      held = replies.map((r) => r.held);
      failed = replies.map((r) => r.failed);
      cpuBefore = cpuNow;
      postgresBefore = postgresNow;
      const sample: Sample = {
        step,
        seconds: round((performance.now() - t0) / 1000),
        held: held.reduce((a, b) => a + b, 0),
        loginsInStep: newly,
        stepSeconds: Math.round(stepSeconds * 10) / 10,
        loginsPerSecond: round(newly / stepSeconds),
        gatewayCpuMsPerLogin: Math.round((perGateway.reduce((a, g) => a + g.cpuMsInStep, 0) / Math.max(1, newly)) * 100) / 100,
        postgresCpuMsPerLogin: Math.round((postgresMsInStep / Math.max(1, newly)) * 100) / 100,
        clientCpuMsPerLogin: Math.round((replies.reduce((a, r) => a + r.cpuMs, 0) / Math.max(1, newly)) * 100) / 100,
        perGateway,
        gatewaysRssMB: MB(gateways.reduce((a, g) => a + rssBytes(g.pid), 0)),
        clientsRssMB: MB(clients.reduce((a, c) => a + rssBytes(c.child.pid!), 0)),
        failed: failed.reduce((a, b) => a + b, 0),
        loadAverage: loadAverage(),
      };
      samples.push(sample);
      log(
        `step ${step}: ${sample.held} held (+${newly} in ${sample.stepSeconds} s = ${sample.loginsPerSecond}/s, CPU ms each: gateways ${sample.gatewayCpuMsPerLogin}, postgres ${sample.postgresCpuMsPerLogin}, clients ${sample.clientCpuMsPerLogin}), gateways ${sample.gatewaysRssMB} MB, failed ${sample.failed}, load ${sample.loadAverage[0]}`,
      );
      for (const r of replies) if (r.lastError) log('  last error:', r.lastError);
    }
    const openSeconds = (performance.now() - t0) / 1000;
    log(`holding ${HOLD_SECONDS} s`);
    // What silent connections cost while nothing happens (the deadline sweep, presence, timers).
    const cpuAtHold = gateways.map((g) => cpuMs(g.pid));
    await sleep(HOLD_SECONDS * 1000);
    const cpuHeld = gateways.map((g, k) => cpuMs(g.pid) - cpuAtHold[k]);
    const alive = await Promise.all(clients.map((c) => c.ask<{ alive: number }>({ type: 'count' }, 'count')));
    const online = Number((await db.one<{ n: string }>('SELECT count(*) AS n FROM terminals WHERE online'))!.n);
    const gatewayRss = gateways.map((g) => rssBytes(g.pid));
    const helperRss = gateways.map((g) => childrenRssBytes(g.pid));
    const clientRss = clients.map((c) => rssBytes(c.child.pid!));
    const kernelAfter = kernelSockets();
    const total = held.reduce((a, b) => a + b, 0);
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    console.log(
      JSON.stringify(
        {
          bench: 'idle-connections',
          node: process.version,
          cpus: os.cpus().length,
          loadAverageAtEnd: loadAverage(),
          runtime: `node ${GATEWAY_ARGS.join(' ')} --role gateway`,
          bus: nats ? `NATS ${NATS_URL}` : 'in-process (NATS unreachable)',
          requested: N,
          gateways: K,
          perProcessCap: PER_PROCESS,
          hardFdLimit: hardLimit,
          gt06Share: GT06_EVERY ? 1 / GT06_EVERY : 0,
          opened: total,
          failed: sum(failed),
          aliveAfterHold: sum(alive.map((a) => a.alive)),
          onlineInDb: online,
          openSeconds: round(openSeconds),
          loginsPerSecondOverall: round(total / openSeconds),
          holdSeconds: HOLD_SECONDS,
          perGateway: gateways.map((g, k) => ({
            pid: g.pid,
            connections: held[k],
            alive: alive[k].alive,
            rssMB: { empty: MB(baseline[k]), afterHold: MB(gatewayRss[k]) },
            childProcessesRssMB: MB(helperRss[k]),
            bytesPerConnection: held[k] ? round((gatewayRss[k] - baseline[k]) / held[k]) : null,
            cpuSeconds: round(cpuMs(g.pid) / 1000),
            idleCpuMsPerSecond: Math.round((cpuHeld[k] / HOLD_SECONDS) * 100) / 100,
          })),
          total: {
            gatewaysRssMB: {
              empty: MB(sum(baseline)),
              afterHold: MB(sum(gatewayRss)),
              withChildProcesses: MB(sum(gatewayRss) + sum(helperRss)),
            },
            bytesPerConnection: total ? round((sum(gatewayRss) - sum(baseline)) / total) : null,
            clientsRssMB: { empty: MB(sum(clientBaseline)), afterHold: MB(sum(clientRss)) },
          },
          kernel: kernelDelta(kernelBefore, kernelAfter, total),
          samples,
        },
        null,
        2,
      ),
    );
  } finally {
    await db.close();
    await cleanup();
  }
}

/** Kernel memory for the sockets, machine-wide (other sessions' sockets move it too). */
function kernelDelta(before: KernelSockets, after: KernelSockets, connections: number) {
  const slab =
    before.slabBytes && after.slabBytes
      ? Object.fromEntries(Object.keys(after.slabBytes).map((name) => [name, MB(after.slabBytes![name] - (before.slabBytes![name] ?? 0))]))
      : null;
  const slabTotal = slab ? Object.values(slab).reduce((a, b) => a + b, 0) : null;
  return {
    note: 'machine-wide; both ends of every loopback connection are counted (2 sockets per connection)',
    tcpSocketsInUse: { before: before.tcpInUse, after: after.tcpInUse },
    tcpBufferMB: { before: MB(before.tcpBufferBytes), after: MB(after.tcpBufferBytes) },
    slabGrowthMB: slab,
    slabGrowthTotalMB: slabTotal,
    slabBytesPerConnection: slabTotal !== null && connections ? round((slabTotal * 2 ** 20) / connections) : null,
  };
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void cleanup().finally(() => process.exit(130)));
}
// Bounded in time even if something hangs: opening, holding, and five minutes for everything else.
setTimeout(
  () => {
    log('time limit reached: stopping');
    void cleanup().finally(() => process.exit(2));
  },
  (MAX_SECONDS + HOLD_SECONDS + 300) * 1000,
).unref();
await main().catch(async (err) => {
  log(err);
  await cleanup();
  process.exitCode = 1;
});
