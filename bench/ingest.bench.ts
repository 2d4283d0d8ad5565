/**
 * End-to-end ingest: `node --import tsx bench/ingest.bench.ts [--engines=postgres,pglite]
 * [--terminals=2000] [--pg-rows=1000000] [--pglite-rows=200000] [--raw-rounds=3] [--batch=1] [--steady-seconds=8] [--steady-share=0.15]
 * [--gateway-runtime=built|tsx] [--gateway-cpu-prof=dir] [--ingest-max-rows=N] [--ingest-max-delay-ms=N] [--ingest-max-flushes=N] [--gateway-semi-space-mb=N]
 * [--feed-engines]` (the last six for experiments, see docs/PERFORMANCE.md).
 *
 * Per engine, in one run:
 *  1. raw COPY: the same number of position rows as the gateway will store, made from the same
 *     frames by the gateway's own decoder and row code, written by one binary COPY (the batcher's
 *     own encoder) into the same `positions` table, emptied first; `raw-rounds` times, the median
 *     is the figure the burst is compared with (the fastest round gives the strictest ratio);
 *  2. burst: `terminals` simulated JT/T 808 terminals (registered and authenticated, over real TCP
 *     from 127.0.0.2, 127.0.0.3, …) each send their share of 0x0200 locations (or 0x0704 batches,
 *     `--batch`), up to 16 positions unanswered at a time; positions/s = acknowledged positions / time to the last 0x8001 (the gateway
 *     answers only after the position is committed). Each terminal's frames are encoded before the
 *     burst and sent as a terminal with a backlog does: after each chunk of replies, as many as the
 *     window allows in one write (the client shares the two cores: its cost is the bench's);
 *  3. steady: a fixed rate (`steady-share` × the burst's message rate; a message sent alone costs
 *     both sides ~4× one inside a burst, so 0.4 of the burst was past the machine and measured a
 *     queue) spread over all terminals for
 *     `steady-seconds`; reply latency (send → 0x8001) p50/p99.
 * CPU per position of the gateway, of this process (the terminals) and of every `postgres` process
 * is read from /proc around each phase. The gateway is apps/server/src/testing/gatewayProcess.ts in a child process
 * (`--gateway-runtime=built`, the default: compiled first by scripts/build-server.mjs and run by
 * plain node, as production runs it; `tsx`: the sources under the TypeScript loader), on
 * PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test, in a fresh schema
 * dropped afterwards) and on PGlite (a temporary data folder, removed afterwards). Prints JSON.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { decodeJt808, encodeJt808Location } from '../packages/protocols/src/index.ts';
import { migrate, migrationsHash } from '../apps/server/src/db/migrate.ts';
import { openPglite } from '../apps/server/src/db/pglite.ts';
import { openPostgres } from '../apps/server/src/db/postgres.ts';
import type { Db } from '../apps/server/src/db/types.ts';
import { ingestQueries, type StoredPosition } from '../apps/server/src/gateway/ingest.queries.ts';
import { identifierKey } from '../apps/server/src/core/identifiers.ts';
import { toStoredPosition } from '../apps/server/src/gateway/positionRows.ts';
import { pgliteTemplate } from '../apps/server/src/testing/testDb.ts';
import { BenchTerminal, fixAt, phoneOf } from './support/benchTerminal.ts';
import { buildServerOnce } from './support/buildServer.ts';
import { commandCpuMs, cpuMs } from './support/procStats.ts';

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const ENGINES = (args.get('engines') ?? 'postgres,pglite').split(',');
const TERMINALS = Number(args.get('terminals') ?? 2000);
// A burst of several seconds: under one second (100 000 rows) it measured the gateway's warm-up
// (JIT, first GCs) more than its throughput — the same code gave half the ratio.
const ROWS: Record<string, number> = {
  postgres: Number(args.get('pg-rows') ?? 1_000_000),
  pglite: Number(args.get('pglite-rows') ?? 200_000),
};
const STEADY_SECONDS = Number(args.get('steady-seconds') ?? 8);
const STEADY_SHARE = Number(args.get('steady-share') ?? 0.15);
const RAW_ROUNDS = Math.max(1, Number(args.get('raw-rounds') ?? 3));
/**
 * `--batch=N`: the burst as 0x0704 batches of N positions (blind-area re-upload, how a JT/T 808
 * terminal empties a backlog), one acknowledgement per batch; 1 (the default) sends one 0x0200
 * per position. The steady phase is 0x0200 either way.
 */
const BATCH = Math.max(1, Math.min(20, Number(args.get('batch') ?? 1)));
/** `--gateway-cpu-prof=<dir>`: the gateway process writes a V8 CPU profile there (for profiling, not for figures). */
// The profile is written on a normal exit only, so SIGTERM (how the bench stops it) must exit.
const GATEWAY_NODE_ARGS = [
  ...(args.get('gateway-cpu-prof')
    ? [
        '--cpu-prof',
        `--cpu-prof-dir=${args.get('gateway-cpu-prof')}`,
        '--import',
        `data:text/javascript,process.on('SIGTERM',()=>process.exit(0))`,
      ]
    : []),
  /** `--gateway-semi-space-mb=N`: the gateway's young generation (V8 `--max-semi-space-size`), for experiments. */
  ...(args.get('gateway-semi-space-mb') ? [`--max-semi-space-size=${args.get('gateway-semi-space-mb')}`] : []),
];
/** `--ingest-max-rows=N`, `--ingest-max-delay-ms=N`, `--ingest-max-flushes=N`: the gateway's batcher limits, for experiments (its defaults otherwise). */
const INGEST_ENV = Object.fromEntries(
  [
    ['ingest-max-rows', 'INGEST_MAX_ROWS'],
    ['ingest-max-delay-ms', 'INGEST_MAX_DELAY_MS'],
    ['ingest-max-flushes', 'INGEST_MAX_FLUSHES'],
  ]
    .filter(([a]) => args.has(a))
    .map(([a, env]) => [env, args.get(a)!]),
);
/** `--feed-engines`: the gateway keeps every fix until commit and hands it over, as to position engines that watch every terminal (their own work not included). */
if (args.has('feed-engines')) INGEST_ENV.FEED_ENGINES = '1';
const GATEWAY_RUNTIME = args.get('gateway-runtime') ?? 'built';
if (GATEWAY_RUNTIME !== 'built' && GATEWAY_RUNTIME !== 'tsx') throw new Error('--gateway-runtime is built or tsx');
const BURST_LIMIT_MS = 60_000;
const WINDOW = 16;
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const repo = path.resolve(import.meta.dirname, '..');

/** Progress on stderr; the figures are the JSON on stdout. */
const log = (...a: unknown[]) => console.error(new Date().toISOString().slice(11, 19), ...a);
async function pool<T>(n: number, concurrency: number, fn: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(n);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, concurrency) }, async () => {
      while (next < n) {
        const i = next++;
        out[i] = await fn(i);
      }
    }),
  );
  return out;
}

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

/** Terminals registered up front (as an operator would), and `rows` positions for the raw COPY. */
async function prepare(db: Db, rows: number) {
  await ingestQueries.ensurePartitions(db, 1, 3);
  const phones = Array.from({ length: TERMINALS }, (_, i) => phoneOf(i));
  await db.query(
    `INSERT INTO terminals (identifier, identifier_key, protocol) SELECT * FROM unnest($1::text[], $2::text[], $3::text[]) ON CONFLICT (identifier_key) DO NOTHING`,
    [phones, phones.map(identifierKey), phones.map(() => 'jt808')],
  );
  const ids = (
    await db.query<{ id: number }>('SELECT id FROM terminals WHERE identifier_key = ANY($1::text[]) ORDER BY id', [
      phones.map(identifierKey),
    ])
  ).map((r) => Number(r.id));
  const now = Date.now();
  // The very rows the gateway stores for the burst's frames: each is encoded as a terminal sends
  // it, decoded and turned into a row by the gateway's own code (extras included).
  const positions: StoredPosition[] = Array.from({ length: rows }, (_, n) => {
    const i = n % TERMINALS;
    const k = Math.floor(n / TERMINALS);
    const frame = encodeJt808Location({ phone: phoneOf(i) }, k & 0xffff, fixAt(i, k, now - 3600_000 + k * 1000));
    const decoded = decodeJt808(frame, { now });
    const position = decoded.ok ? decoded.value.messages[0].positions?.[0] : undefined;
    const row = position && toStoredPosition(position, ids[i], now);
    if (!row) throw new Error('bench frame did not decode to a row');
    return row;
  });
  // One COPY is one sample of a machine whose speed drifts (a single one ranged 260 000 – 460 000
  // rows/s between runs): several, each into an empty table, and the median is the denominator.
  const rounds: Array<{ seconds: number; rowsPerSecond: number; postgresCpuUsPerRow: number | null }> = [];
  for (let r = 0; r < RAW_ROUNDS; r++) {
    await db.exec('TRUNCATE positions');
    const pg0 = commandCpuMs('postgres');
    const t0 = performance.now();
    await ingestQueries.copyPositions(db, positions);
    const seconds = (performance.now() - t0) / 1000;
    // PostgreSQL's CPU per row (PGlite runs in this process: no separate figure there).
    const postgresCpuUsPerRow = db.engine === 'postgres' ? round(((commandCpuMs('postgres') - pg0) * 1000) / rows) : null;
    rounds.push({ seconds: round(seconds, 3), rowsPerSecond: Math.round(rows / seconds), postgresCpuUsPerRow });
  }
  const median = [...rounds].sort((a, b) => a.rowsPerSecond - b.rowsPerSecond)[Math.floor(rounds.length / 2)];
  const best = Math.max(...rounds.map((x) => x.rowsPerSecond));
  // The table keeps the last round's rows, as the burst found it before rounds were repeated.
  return { rawCopy: { rows, ...median, bestRowsPerSecond: best, rounds } };
}

/** The burst against the raw COPY: its median (the figure) and its fastest round (the strictest). */
const ratios = (burstPerSecond: number, raw: { rawCopy: { rowsPerSecond: number; bestRowsPerSecond: number } }) => ({
  ratioToRawCopy: round(burstPerSecond / raw.rawCopy.rowsPerSecond, 3),
  ratioToBestRawCopy: round(burstPerSecond / raw.rawCopy.bestRowsPerSecond, 3),
});

interface BatcherStats {
  flushes: number;
  rows: number;
  flushMs: number;
}

/** The gateway's batcher figures so far (it answers SIGUSR2 with one JSON line). */
function batcherStats(child: ChildProcess): Promise<BatcherStats> {
  return new Promise((resolve) => {
    let buf = '';
    const onData = (d: Buffer) => {
      buf += d;
      const m = /\{"batcher":(\{.*?\})\}/.exec(buf);
      if (!m) return;
      child.stdout!.off('data', onData);
      resolve(JSON.parse(m[1]));
    };
    child.stdout!.on('data', onData);
    child.kill('SIGUSR2');
  });
}

/** Flushes between two readings: how many, rows per flush, time per flush (each commits COPY + upsert). */
function flushesBetween(a: BatcherStats, b: BatcherStats) {
  const flushes = b.flushes - a.flushes;
  return {
    flushes,
    rowsPerFlush: Math.round((b.rows - a.rows) / Math.max(1, flushes)),
    msPerFlush: round((b.flushMs - a.flushMs) / Math.max(1, flushes)),
  };
}

const gatewayEntry = () => {
  if (GATEWAY_RUNTIME === 'tsx') return ['--import', 'tsx', path.join(repo, 'apps/server/src/testing/gatewayProcess.ts')];
  buildServerOnce();
  return [path.join(repo, 'apps/server/dist/testing/gatewayProcess.js')];
};

function startGateway(env: Record<string, string>): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, [...GATEWAY_NODE_ARGS, ...gatewayEntry()], {
    // its terminals come 10 000 from each loopback address (bench/support/benchTerminal.ts): no per-address limit
    cwd: repo,
    env: { ...process.env, ...INGEST_ENV, MAX_CONNECTIONS_PER_ADDRESS: '0', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let buf = '';
    const timer = setTimeout(() => reject(new Error('gateway did not start')), 60_000);
    child.stdout!.on('data', (d) => {
      buf += d;
      const m = /\{"port":(\d+)\}/.exec(buf);
      if (m) {
        clearTimeout(timer);
        child.stdout!.removeAllListeners('data');
        forwardLogs(child);
        resolve({ child, port: Number(m[1]) });
      }
    });
    child.once('exit', (code) => reject(new Error(`gateway exited ${code}`)));
  });
}

/** The gateway's log lines (pino JSON on its stdout, warnings and errors only) go to stderr, so a failure shows. */
function forwardLogs(child: ChildProcess) {
  let rest = '';
  child.stdout!.on('data', (d) => {
    const lines = (rest + d).split('\n');
    rest = lines.pop()!;
    for (const line of lines) if (line.startsWith('{"level"')) process.stderr.write(`gateway: ${line}\n`);
  });
}

/** This process's CPU time (ms): the simulated terminals' cost, which shares the machine with the gateway. */
const clientCpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/**
 * CPU time (ms) of each side over a phase: the gateway, the bench's terminals, and every `postgres`
 * process (other sessions' queries count too, so read that one as an upper bound).
 */
function cpuMeter(pid: number) {
  const at = () => ({ gateway: cpuMs(pid), client: clientCpuMs(), postgres: commandCpuMs('postgres') });
  const start = at();
  return (perPositions: number) => {
    const end = at();
    const us = (k: keyof typeof end) => round(((end[k] - start[k]) * 1000) / Math.max(1, perPositions));
    return {
      gatewayCpuMs: Math.round(end.gateway - start.gateway),
      cpuUsPerPosition: { gateway: us('gateway'), client: us('client'), postgres: us('postgres') },
    };
  };
}

async function drive(port: number, rows: number, child: ChildProcess) {
  const pid = child.pid!;
  log('gateway on', port);
  let t0 = performance.now();
  const cpu0 = cpuMs(pid);
  const terminals = await pool(TERMINALS, 200, async (i) => {
    const t = await BenchTerminal.connect(port, i);
    await t.handshake();
    return t;
  });
  log('handshakes done');
  const handshake = {
    terminals: TERMINALS,
    seconds: round((performance.now() - t0) / 1000, 2),
    gatewayCpuMsPerLogin: round((cpuMs(pid) - cpu0) / TERMINALS, 2),
  };

  // Burst: everyone sends its share as fast as the replies allow (WINDOW unanswered per terminal).
  const perTerminal = Math.ceil(rows / TERMINALS);
  let acked = 0;
  let lastAck = 0;
  const base = Date.now() - 1800_000;
  let messages = 0;
  for (const t of terminals) messages = t.prepareBurst(perTerminal, BATCH, (k) => base + k * 1000);
  // About WINDOW positions unanswered per terminal either way (batches beyond the gateway's
  // pending limit would be refused, and a refused message is only ever resent by a real terminal).
  const windowMessages = Math.max(1, Math.ceil(WINDOW / BATCH));
  const flushes0 = await batcherStats(child);
  let burstMeter = cpuMeter(pid);
  await new Promise<void>((resolve) => {
    const deadline = setTimeout(resolve, BURST_LIMIT_MS);
    t0 = performance.now();
    burstMeter = cpuMeter(pid);
    for (const t of terminals) {
      let sent = 0;
      const pump = () => {
        const to = Math.min(messages, sent + windowMessages - t.unanswered);
        if (to > sent) t.sendBurst(sent, (sent = to));
      };
      t.onAck = (_ms, positions) => {
        acked += positions;
        lastAck = performance.now();
        if (acked === perTerminal * TERMINALS) {
          clearTimeout(deadline);
          resolve();
        }
      };
      t.afterReplies = pump;
      pump();
    }
  });
  for (const t of terminals) t.afterReplies = () => {};
  const burstCpu = burstMeter(acked);
  const burstCpuMs = burstCpu.gatewayCpuMs;
  const burstFlushes = flushesBetween(flushes0, await batcherStats(child));
  const burstSeconds = ((acked === perTerminal * TERMINALS ? lastAck : performance.now()) - t0) / 1000;
  const burst = {
    positionsSent: perTerminal * TERMINALS,
    positionsAcknowledged: acked,
    seconds: round(burstSeconds, 2),
    positionsPerSecond: Math.round(acked / burstSeconds),
    completed: acked === perTerminal * TERMINALS,
    gatewayCpuSeconds: round(burstCpuMs / 1000, 2),
    gatewayCpuUsPerPosition: round((burstCpuMs * 1000) / Math.max(1, acked)),
    cpuUsPerPosition: burstCpu.cpuUsPerPosition,
    ...burstFlushes,
  };
  log('burst', burst);
  // Let stragglers drain before the steady phase.
  for (let w = 0; w < 100 && terminals.some((t) => t.unanswered); w++) await new Promise((r) => setTimeout(r, 100));
  for (const t of terminals) t.forgetUnanswered();

  // Steady: a fixed rate, spread evenly over terminals and over time (10 ms ticks).
  // Of the burst's message rate: one 0x0200 per message here, as a batched burst carried BATCH.
  const rate = Math.max(100, Math.round(((burst.positionsPerSecond / BATCH) * STEADY_SHARE) / 100) * 100);
  const latencies: number[] = [];
  for (const t of terminals) t.onAck = (ms) => latencies.push(ms);
  let sent = 0;
  let cursor = 0;
  t0 = performance.now();
  const steadyMeter = cpuMeter(pid);
  await new Promise<void>((resolve) => {
    const tick = setInterval(() => {
      const elapsed = performance.now() - t0;
      if (elapsed >= STEADY_SECONDS * 1000) return (clearInterval(tick), resolve());
      const due = Math.floor((elapsed / 1000) * rate);
      for (; sent < due; sent++) {
        const t = terminals[cursor++ % TERMINALS];
        t.send(perTerminal + sent, Date.now());
      }
    }, 10);
  });
  for (let w = 0; w < 50 && terminals.some((t) => t.unanswered); w++) await new Promise((r) => setTimeout(r, 100));
  const lost = terminals.reduce((n, t) => n + t.unanswered, 0);
  const steadyCpu = steadyMeter(latencies.length);
  const steadyCpuMs = steadyCpu.gatewayCpuMs;
  latencies.sort((a, b) => a - b);
  const steady = {
    ratePerSecond: rate,
    seconds: STEADY_SECONDS,
    sent,
    acknowledged: latencies.length,
    unanswered: lost,
    gatewayCpuShare: round(steadyCpuMs / (STEADY_SECONDS * 1000), 2),
    gatewayCpuUsPerPosition: round((steadyCpuMs * 1000) / Math.max(1, latencies.length)),
    cpuUsPerPosition: steadyCpu.cpuUsPerPosition,
    latencyMs: {
      p50: round(pct(latencies, 50)),
      p90: round(pct(latencies, 90)),
      p99: round(pct(latencies, 99)),
      max: round(latencies.at(-1) ?? NaN),
    },
  };
  for (const t of terminals) t.socket.destroy();
  return { handshake, burst, steady };
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

async function runPostgres() {
  const rows = ROWS.postgres;
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const admin = openPostgres({ connectionString: DATABASE_URL, max: 1 });
  await admin.exec(`CREATE SCHEMA ${schema}`);
  const db = openPostgres({ connectionString: DATABASE_URL, schema, max: 2 });
  let child: ChildProcess | undefined;
  try {
    log('postgres: migrate', schema);
    await migrate(db);
    log('postgres: prepare + raw COPY');
    const raw = await prepare(db, rows);
    log('postgres: raw', raw);
    const g = await startGateway({ DATABASE_URL, PG_SCHEMA: schema });
    child = g.child;
    const before = Number((await db.one<{ n: string }>('SELECT count(*) AS n FROM positions'))!.n);
    const run = await drive(g.port, rows, child);
    await stop(child);
    const stored = Number((await db.one<{ n: string }>('SELECT count(*) AS n FROM positions'))!.n) - before;
    return { engine: 'postgres', ...raw, ...run, storedByGateway: stored, ...ratios(run.burst.positionsPerSecond, raw) };
  } finally {
    if (child) await stop(child);
    await db.close();
    await admin.exec(`DROP SCHEMA ${schema} CASCADE`).catch(() => {});
    await admin.close();
  }
}

async function runPglite() {
  const rows = ROWS.pglite;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chelian-bench-pglite-'));
  let child: ChildProcess | undefined;
  try {
    await pgliteTemplate();
    const template = path.join(repo, '.tmp', `pglite-template-${migrationsHash()}.tar.gz`);
    const db = await openPglite(path.join(dir, 'data'), new Blob([fs.readFileSync(template)]));
    let raw;
    try {
      await migrate(db);
      raw = await prepare(db, rows);
    } finally {
      await db.close();
    }
    const g = await startGateway({ PGLITE_DIR: path.join(dir, 'data'), DATABASE_URL: '' });
    child = g.child;
    const run = await drive(g.port, rows, child);
    await stop(child);
    // SIGTERM is a crash for this process (no handler): reopening recovers what was committed.
    const after = await openPglite(path.join(dir, 'data'));
    const stored = Number((await after.one<{ n: string }>('SELECT count(*) AS n FROM positions'))!.n) - rows;
    await after.close();
    return { engine: 'pglite', ...raw, ...run, storedByGateway: stored, ...ratios(run.burst.positionsPerSecond, raw) };
  } finally {
    if (child) await stop(child);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const results = [];
for (const engine of ENGINES) {
  const started = performance.now();
  const r = engine === 'postgres' ? await runPostgres() : await runPglite();
  results.push({ ...r, wallSeconds: round((performance.now() - started) / 1000, 1) });
}
console.log(
  JSON.stringify(
    {
      bench: 'ingest',
      node: process.version,
      cpus: os.cpus().length,
      loadAverageAtEnd: os.loadavg().map((l) => round(l, 2)),
      terminals: TERMINALS,
      window: WINDOW,
      batch: BATCH,
      gatewayRuntime: GATEWAY_RUNTIME,
      results,
    },
    null,
    2,
  ),
);
