/**
 * Ingest at the pattern real fleets send (issue 33): `npm run bench -- steady [--terminals=20000]
 * [--interval=5] [--seconds=60] [--warmup-seconds=10] [--idle-seconds=60] [--heartbeat=60]
 * [--engine=postgres|pglite] [--per-client=10000] [--per-address=2500] [--cpu-prof=DIR] [--server-dist=DIR]
 * [--server-node-args='--flag --flag'] [--server-log=FILE]`.
 *
 * Starts the built server (main.js, every role, as `npm start` runs it) on PostgreSQL (a fresh schema of DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test)
 * or on PGlite (a data folder of its own). Client processes (bench/support/steadyClient.ts, the
 * lean load client) connect `terminals` JT/T 808 terminals from 127.0.0.10, .11, … (`per-address`
 * each), register and authenticate them, then each sends one 0x0200 every `interval` seconds at its
 * own phase. After `warmup-seconds`, for `seconds`: CPU time per acknowledged position of the
 * server process, of its PostgreSQL backends (the connections named by the bench's
 * application_name; PGlite runs inside the server) and of the clients, reply latency p50/p99 and
 * RSS. Then the same terminals go silent but for a heartbeat every `heartbeat` seconds, for
 * `idle-seconds`: the idle cost in CPU-seconds a minute. Every position a client saw acknowledged
 * is then looked for in the database, per terminal. A process holds at most its open-file limit of
 * sockets (20 000 here): above that the fleet is clamped and the output says so.
 * The server is compiled first into a folder of the bench's own (.tmp/, removed after), so a
 * concurrent build of apps/server/dist cannot change it mid-run; `--server-dist=DIR` (under the
 * repository, for its node_modules) runs the build kept there, compiling it there first when it has
 * no main.js: a before/after pair runs two kept builds side by side on the same machine.
 * `--server-log=FILE` keeps the server's whole output (V8's traces, say) there.
 * Prints JSON on stdout, progress on stderr.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPglite } from '../apps/server/src/db/pglite.ts';
import { prepareServer, waitReady, type ServerProcess } from '../apps/server/src/testing/serverProcess.ts';
import { PgBackends } from './support/pgBackends.ts';
import { cpuMs, loadAverage, MB, rssBytes, userSystemMs } from './support/procStats.ts';
import { latencyPercentiles } from './support/replyLatency.ts';
import { steadyPhoneOf, type Counters, type SteadyPlan } from './support/steadyClient.ts';
import { SERVER_NODE_FLAGS } from '../apps/server/src/nodeFlags.ts';

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const num = (name: string, fallback: number) => Number(args.get(name) ?? fallback);
const ENGINE = args.get('engine') ?? 'postgres';
if (ENGINE !== 'postgres' && ENGINE !== 'pglite') throw new Error('--engine is postgres or pglite');
const INTERVAL_MS = num('interval', 5) * 1000;
const SECONDS = num('seconds', 60);
const WARMUP_SECONDS = num('warmup-seconds', 10);
const IDLE_SECONDS = num('idle-seconds', 60);
const HEARTBEAT_MS = num('heartbeat', 60) * 1000;
const PER_CLIENT = num('per-client', 10_000);
const PER_ADDRESS = num('per-address', 2500);
const CPU_PROF = args.get('cpu-prof');
const KEPT_DIST = args.get('server-dist');
/** Where the server's whole output goes besides (e.g. V8's traces asked for by --server-node-args). */
const SERVER_LOG = args.get('server-log');
/** Extra flags for the server's node (V8 heap or GC experiments), space-separated. */
const SERVER_NODE_ARGS = (process.argv.find((a) => a.startsWith('--server-node-args='))?.slice('--server-node-args='.length) ?? '')
  .split(' ')
  .filter(Boolean);
const hardLimit = Number(fs.readFileSync('/proc/self/limits', 'utf8').match(/Max open files\s+\d+\s+(\d+)/)?.[1]) || 1_048_576;
const REQUESTED = num('terminals', 20_000);
/** The server's own descriptors beside the terminals: database pool, listeners, files. */
const TERMINALS = Math.min(REQUESTED, hardLimit - 400);
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const APP_NAME = `chelian_steady_${process.pid}`;
const repo = path.resolve(import.meta.dirname, '..');
const log = (...a: unknown[]) => console.error(new Date().toISOString().slice(11, 19), ...a);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d;

function startClient(plan: SteadyPlan) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repo, 'bench/support/steadyClient.ts')], {
    cwd: repo,
    env: { ...process.env, STEADY_CLIENT_PLAN: JSON.stringify(plan) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ask = <T>(msg: object, reply: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (m: { type: string }) =>
        m.type === reply && (child.off('message', onMessage), child.off('exit', onExit), resolve(m as T));
      const onExit = (code: number | null) => reject(new Error(`client exited (${code})`));
      child.on('message', onMessage);
      child.once('exit', onExit);
      child.send(msg);
    });
  const ready = new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`client exited (${code})`)));
  });
  return { child, ask, ready };
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

async function main() {
  if (ENGINE === 'postgres') process.env.TEST_ENGINE = 'postgres';
  process.env.DATABASE_URL = DATABASE_URL;
  const dist = KEPT_DIST ? path.resolve(KEPT_DIST) : path.join(repo, '.tmp', `bench-steady-dist-${process.pid}`);
  if (!fs.existsSync(path.join(dist, 'main.js')))
    execFileSync(process.execPath, [path.join(repo, 'scripts/build-server.mjs')], {
      env: { ...process.env, SERVER_OUTDIR: dist },
      stdio: ['ignore', 2, 'inherit'],
    });
  const setup = await prepareServer();
  if (ENGINE === 'postgres') {
    const url = new URL(setup.env.DATABASE_URL!);
    url.searchParams.set('application_name', APP_NAME);
    setup.env.DATABASE_URL = url.toString();
  }
  Object.assign(setup.env, {
    TERMINAL_AUTO_REGISTER: '1',
    MAX_CONNECTIONS_PER_ADDRESS: '0', // the bench's terminals share a few source addresses
    LOG_LEVEL: 'warn',
  });
  const nodeArgs = CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`, '--import', `data:text/javascript,process.on('SIGTERM',()=>process.exit(0))`]
    : [];
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...SERVER_NODE_ARGS, ...nodeArgs, path.join(dist, 'main.js')], {
    cwd: repo,
    env: setup.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const keep = (chunk: Buffer) => (out = (out + chunk.toString()).slice(-20_000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  if (SERVER_LOG) {
    const file = fs.createWriteStream(SERVER_LOG);
    child.stdout!.pipe(file);
    child.stderr!.pipe(file);
  }
  const server: ServerProcess = { child, output: () => out, exited: new Promise((r) => child.once('exit', (code) => r(code))) };
  const clients: Array<ReturnType<typeof startClient>> = [];
  const admin = ENGINE === 'postgres' ? new pg.Client({ connectionString: DATABASE_URL }) : null;
  try {
    await waitReady(server, setup.ports);
    await admin?.connect();
    const pid = child.pid!;
    const K = Math.ceil(TERMINALS / PER_CLIENT);
    log(
      `${ENGINE}: server ${pid} up; ${TERMINALS} terminals${TERMINALS < REQUESTED ? ` (of ${REQUESTED}: open-file limit ${hardLimit})` : ''} in ${K} clients`,
    );
    for (let j = 0; j < K; j++) {
      const first = j * PER_CLIENT;
      const count = Math.min(PER_CLIENT, TERMINALS - first);
      const firstAddress = Math.floor(first / PER_ADDRESS);
      clients.push(
        startClient({
          first,
          count,
          port: setup.ports.jt808,
          perAddress: PER_ADDRESS,
          sourceAddresses: Array.from({ length: Math.ceil(count / PER_ADDRESS) }, (_, a) => `127.0.0.${10 + firstAddress + a}`),
          intervalMs: INTERVAL_MS,
          heartbeatMs: HEARTBEAT_MS,
          concurrency: 64,
        }),
      );
    }
    await Promise.all(clients.map((c) => c.ready));
    const rssEmpty = rssBytes(pid);
    const opened = await Promise.all(
      clients.map((c) => c.ask<{ held: number; failed: number; lastError?: string; ms: number }>({ type: 'open' }, 'opened')),
    );
    const held = sum(opened.map((o) => o.held));
    log(
      `${held} logged in (${sum(opened.map((o) => o.failed))} failed) in ${Math.max(...opened.map((o) => o.ms))} ms`,
      opened.find((o) => o.lastError)?.lastError ?? '',
    );
    await sleep(2000);
    const rssConnected = rssBytes(pid);
    const backends = new PgBackends(async () =>
      admin
        ? (await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE application_name = $1', [APP_NAME])).rows.map(
            (r) => r.pid,
          )
        : [],
    );

    // Reports at the real pattern: a warm-up (JIT, first flushes), then the measured window.
    for (const c of clients) c.child.send({ type: 'run', mode: 'report' });
    await sleep(WARMUP_SECONDS * 1000);
    const snaps = await Promise.all(clients.map((c) => c.ask<Counters>({ type: 'snapshot' }, 'snapshot')));
    await backends.mark();
    const server0 = cpuMs(pid);
    const split0 = userSystemMs(pid);
    const t0 = performance.now();
    const sampler = setInterval(() => void backends.sample().catch(() => {}), 1000);
    await sleep(SECONDS * 1000);
    const mid = await Promise.all(clients.map((c) => c.ask<Counters>({ type: 'snapshot' }, 'snapshot')));
    const rssReporting = rssBytes(pid);
    // The idle phase starts once every report is answered: its CPU is the heartbeats' and the sweeps'.
    for (const c of clients) c.child.send({ type: 'run', mode: 'idle' });
    const parts = mid.map((s) => s.latency);
    let afterReports = mid;
    for (let polls = 0; polls < 100 && sum(afterReports.map((s) => s.unanswered)) > 0; polls++) {
      await sleep(100);
      afterReports = await Promise.all(clients.map((c) => c.ask<Counters>({ type: 'snapshot' }, 'snapshot')));
      parts.push(...afterReports.map((s) => s.latency));
    }
    const serverReport = cpuMs(pid) - server0;
    const split = userSystemMs(pid).map((ms, i) => ms - split0[i]);
    const windowSeconds = (performance.now() - t0) / 1000;
    await backends.sample();
    const pgReport = backends.ms;
    const ackedInWindow = sum(afterReports.map((s) => s.acked)) - sum(snaps.map((s) => s.acked));
    const sentInWindow = sum(mid.map((s) => s.sent)) - sum(snaps.map((s) => s.sent));
    const clientReport = sum(afterReports.map((s) => s.cpuMs)) - sum(snaps.map((s) => s.cpuMs));
    const { samples, p50, p99, max } = latencyPercentiles(parts);
    const latency = { count: samples, p50, p99, max: max ?? NaN };
    log(
      `reports: ${ackedInWindow} acknowledged of ${sentInWindow} sent in ${round(windowSeconds)} s; CPU µs per position server ${round((serverReport * 1000) / ackedInWindow)}, postgres ${round((pgReport * 1000) / ackedInWindow)}, clients ${round((clientReport * 1000) / ackedInWindow)}; p50/p99 ${latency.p50}/${latency.p99} ms`,
    );

    // Idle: the same terminals connected, heartbeats only.
    await backends.mark();
    const idle0 = cpuMs(pid);
    const idleClients0 = sum(afterReports.map((s) => s.cpuMs));
    const hb0 = sum(afterReports.map((s) => s.heartbeatsAcked));
    await sleep(IDLE_SECONDS * 1000);
    const serverIdle = cpuMs(pid) - idle0;
    await backends.sample();
    const pgIdle = backends.ms;
    clearInterval(sampler);
    const rssIdle = rssBytes(pid);
    const stopped = await Promise.all(clients.map((c) => c.ask<Counters & { ackedPerTerminal: number[] }>({ type: 'stop' }, 'stopped')));
    const clientIdle = sum(stopped.map((s) => s.cpuMs)) - idleClients0;
    const perMinute = (ms: number) => round((ms / 1000) * (60 / IDLE_SECONDS) * (10_000 / held), 2);
    log(`idle: server ${perMinute(serverIdle)} CPU-s a minute per 10 000 terminals, postgres ${perMinute(pgIdle)}`);

    // Every acknowledged position stored: per terminal, rows ≥ acknowledgements.
    const acked = new Map<string, number>();
    stopped.forEach((s, j) => s.ackedPerTerminal.forEach((n, k) => n && acked.set(steadyPhoneOf(j * PER_CLIENT + k), n)));
    const countSql = `SELECT t.identifier, count(*)::int AS n FROM positions p JOIN terminals t ON t.id = p.terminal_id GROUP BY t.identifier`;
    let stored: Array<{ identifier: string; n: number }>;
    const load = loadAverage();
    if (ENGINE === 'postgres') {
      const schema = new URL(setup.env.DATABASE_URL!).searchParams.get('options')!.replace('-c search_path=', '');
      await admin!.query(`SET search_path = ${schema}`);
      stored = (await admin!.query<{ identifier: string; n: number }>(countSql)).rows;
    } else {
      child.kill('SIGTERM');
      await server.exited;
      const db = await openPglite(path.join(setup.env.DATA_DIR!, 'pglite'));
      stored = await db.query<{ identifier: string; n: number }>(countSql);
      await db.close();
    }
    const storedBy = new Map(stored.map((r) => [r.identifier, Number(r.n)]));
    let missing = 0;
    for (const [id, n] of acked) missing += Math.max(0, n - (storedBy.get(id) ?? 0));
    const ackedTotal = sum([...acked.values()]);
    const us = (ms: number) => round((ms * 1000) / ackedInWindow);
    console.log(
      JSON.stringify(
        {
          bench: 'steady',
          engine: ENGINE,
          node: process.version,
          cpus: os.cpus().length,
          loadAverageAtEnd: load,
          terminals: { requested: REQUESTED, connected: held, failed: sum(opened.map((o) => o.failed)), clients: K },
          intervalSeconds: INTERVAL_MS / 1000,
          reports: {
            seconds: round(windowSeconds),
            sent: sentInWindow,
            acknowledged: ackedInWindow,
            positionsPerSecond: round(ackedInWindow / windowSeconds, 0),
            cpuUsPerPosition: {
              server: us(serverReport),
              postgres: ENGINE === 'postgres' ? us(pgReport) : 'in the server',
              clients: us(clientReport),
            },
            serverUserSystemUs: split.map(us),
            serverCores: round(serverReport / 1000 / windowSeconds, 3),
            replyMs: latency,
            overtaken: sum(afterReports.map((s) => s.overtaken)) - sum(snaps.map((s) => s.overtaken)),
            refused: sum(afterReports.map((s) => s.refused)),
          },
          idle: {
            seconds: IDLE_SECONDS,
            heartbeatSeconds: HEARTBEAT_MS / 1000,
            heartbeatsAcknowledged: sum(stopped.map((s) => s.heartbeatsAcked)) - hb0,
            cpuSecondsPerMinutePer10k: {
              server: perMinute(serverIdle),
              postgres: ENGINE === 'postgres' ? perMinute(pgIdle) : 'in the server',
              clients: perMinute(clientIdle),
            },
          },
          serverRssMB: { empty: MB(rssEmpty), connected: MB(rssConnected), reporting: MB(rssReporting), idle: MB(rssIdle) },
          clientsRssMB: MB(sum(stopped.map((s) => s.rssBytes))),
          stored: { acknowledgedPositions: ackedTotal, rows: sum([...storedBy.values()]), acknowledgedNotStored: missing },
        },
        null,
        2,
      ),
    );
    if (missing) process.exitCode = 1;
  } finally {
    for (const c of clients) c.child.kill();
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const forced = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await server.exited;
      clearTimeout(forced);
    }
    await admin?.end();
    await setup.cleanup();
    if (!KEPT_DIST) fs.rmSync(dist, { recursive: true, force: true });
  }
}

await main().catch((err) => {
  log(err);
  process.exitCode = 1;
});
