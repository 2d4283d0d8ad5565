/**
 * Terminals under an API flood: `npm run bench -- flood [--terminals=500] [--interval=5] [--concurrency=200]
 * [--baseline-seconds=15] [--flood-seconds=30] [--limits=default|off]`.
 *
 * Starts the built server (apps/server/dist/main.js; PGlite, or a fresh schema of DATABASE_URL with
 * TEST_ENGINE=postgres) with TERMINAL_AUTO_REGISTER=1, connects N JT/T 808 terminals that register and
 * authenticate, each reporting a location every `interval` seconds, then floods the login endpoint
 * from `concurrency` loops, each attempt claiming another address (X-Forwarded-For). Midway through
 * the flood a new terminal connects, registers and authenticates. `--limits=off` turns the login
 * limits off (per address, per second, per account) to show what they hold back.
 * Prints JSON: acknowledgement latency p50/p99/max before and during the flood, the new terminal's
 * login time, login answers by HTTP status, /healthz round trips during the flood.
 */
import { buildServerOnce } from './support/buildServer.ts';
import { BenchTerminal } from './support/benchTerminal.ts';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FloodCounts } from './flood/loginFlood.ts';
import { cpuMs, loadAverage } from './support/procStats.ts';
import { fetchMetrics, metricValue, TEST_METRICS_TOKEN } from '../apps/server/src/testing/metricsText.ts';
import { prepareServer, spawnServer, waitReady } from '../apps/server/src/testing/serverProcess.ts';

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const num = (name: string, fallback: number) => Number(args.get(name) ?? fallback);
const TERMINALS = num('terminals', 500);
const INTERVAL_MS = num('interval', 5) * 1000;
const CONCURRENCY = num('concurrency', 200);
const BASELINE_MS = num('baseline-seconds', 15) * 1000;
const FLOOD_MS = num('flood-seconds', 30) * 1000;
const LIMITS_OFF = args.get('limits') === 'off';
const log = (...a: unknown[]) => console.error(new Date().toISOString().slice(11, 19), ...a);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function summary(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => Math.round((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN) * 10) / 10;
  return { count: sorted.length, p50: at(0.5), p99: at(0.99), max: at(1) };
}

buildServerOnce();
const setup = await prepareServer();
Object.assign(setup.env, {
  TERMINAL_AUTO_REGISTER: '1',
  MAX_CONNECTIONS_PER_ADDRESS: '0', // the bench's terminals share a few source addresses
  LOG_LEVEL: 'error',
  ...(LIMITS_OFF ? { RATE_LIMIT_LOGIN: '0', RATE_LIMIT_LOGIN_PER_SECOND: '0', RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: '0', RATE_LIMIT_API_PER_ADDRESS: '0' } : {}),
});
const server = spawnServer(setup, { built: true });
const base = `http://127.0.0.1:${setup.ports.http}`;
try {
  await waitReady(server, setup.ports);
  log(`server up; connecting ${TERMINALS} terminals`);

  const terminals: BenchTerminal[] = [];
  for (let i = 0; i < TERMINALS; i += 50) {
    const batch = await Promise.all(Array.from({ length: Math.min(50, TERMINALS - i) }, (_, j) => BenchTerminal.connect(setup.ports.jt808, i + j)));
    await Promise.all(batch.map((t) => t.handshake()));
    terminals.push(...batch);
  }
  log('terminals logged in; reporting');

  let phase: 'baseline' | 'flood' | 'after' = 'baseline';
  const latencies = { baseline: [] as number[], flood: [] as number[], after: [] as number[] };
  for (const t of terminals) t.onAck = (ms) => latencies[phase].push(ms);
  // Each terminal reports every INTERVAL_MS, spread evenly over the interval.
  let k = 0;
  const timers = terminals.map((t, i) =>
    setTimeout(() => {
      const tick = () => t.send(k++, Date.now());
      tick();
      timers[i] = setInterval(tick, INTERVAL_MS);
    }, (i * INTERVAL_MS) / TERMINALS),
  );

  // The server's own CPU (main thread and thread pool together) and event-loop lag per phase: on a
  // shared machine the latencies carry everyone's load, these say what the flood cost the server.
  const pid = server.child.pid!;
  const lagP99 = async () => Math.round((metricValue(await fetchMetrics(setup.ports.http, TEST_METRICS_TOKEN), 'nodejs_eventloop_lag_p99_seconds') ?? NaN) * 1000);
  const cpuStart = cpuMs(pid);
  const load = { start: loadAverage() };
  await sleep(BASELINE_MS);
  const cpuBaseline = cpuMs(pid) - cpuStart;
  const lag = { baseline: await lagP99(), flood: NaN };
  const cpuFloodStart = cpuMs(pid);
  phase = 'flood';
  log(`flood: ${CONCURRENCY} concurrent logins for ${FLOOD_MS / 1000} s`);
  // The attacker in a process of its own, as the outside probe was.
  const attacker = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'flood/loginFlood.ts')], {
    env: { ...process.env, FLOOD_BASE: base, FLOOD_CONCURRENCY: String(CONCURRENCY), FLOOD_SECONDS: String(FLOOD_MS / 1000) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let attackerOut = '';
  attacker.stdout!.on('data', (c: Buffer) => (attackerOut += c.toString()));
  const flood = new Promise<FloodCounts>((resolve) => attacker.once('exit', () => resolve(JSON.parse(attackerOut.trim().split('\n').at(-1) || '{}'))));
  // This process's own event-loop delay: when it is high, the latencies below are partly the bench's.
  const benchLoop = monitorEventLoopDelay({ resolution: 20 });
  benchLoop.enable();

  const health: number[] = [];
  const probing = (async () => {
    while (phase === 'flood') {
      const t0 = performance.now();
      await fetch(`${base}/healthz`).then((r) => r.arrayBuffer()).catch(() => undefined);
      health.push(performance.now() - t0);
      await sleep(250);
    }
  })();

  await sleep(FLOOD_MS / 2);
  const t0 = performance.now();
  let newTerminal: { ok: boolean; ms: number; error?: string };
  try {
    const fresh = await BenchTerminal.connect(setup.ports.jt808, TERMINALS);
    await fresh.handshake();
    newTerminal = { ok: true, ms: Math.round(performance.now() - t0) };
    fresh.socket.destroy();
  } catch (err) {
    newTerminal = { ok: false, ms: Math.round(performance.now() - t0), error: (err as Error).message };
  }
  log('new terminal', newTerminal);
  await sleep(Math.max(0, FLOOD_MS / 2 - (performance.now() - t0)));
  benchLoop.disable();
  const cpuFlood = cpuMs(pid) - cpuFloodStart;
  lag.flood = await lagP99();
  phase = 'after';
  const logins = await flood;
  await probing;
  await sleep(INTERVAL_MS);
  for (const t of timers) clearInterval(t);
  const unanswered = terminals.reduce((n, t) => n + t.unanswered, 0);
  for (const t of terminals) t.socket.destroy();

  console.log(
    JSON.stringify({
      bench: 'flood',
      node: process.version,
      engine: process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite',
      limits: LIMITS_OFF ? 'off' : 'default',
      terminals: TERMINALS,
      reportEverySeconds: INTERVAL_MS / 1000,
      floodConcurrency: CONCURRENCY,
      floodSeconds: FLOOD_MS / 1000,
      ackMs: { baseline: summary(latencies.baseline), flood: summary(latencies.flood), after: summary(latencies.after) },
      unansweredAtEnd: unanswered,
      newTerminalDuringFlood: newTerminal,
      logins: { ...logins, perSecond: Math.round((logins.sent / (FLOOD_MS / 1000)) * 10) / 10 },
      healthzMs: summary(health),
      serverCpuMsPerSecond: { baseline: Math.round(cpuBaseline / (BASELINE_MS / 1000)), flood: Math.round(cpuFlood / (FLOOD_MS / 1000)) },
      serverEventLoopLagP99Ms: lag,
      benchEventLoopLagP99Ms: Math.round(benchLoop.percentile(99) / 1e6),
      loadAverage: { ...load, end: loadAverage() },
    }),
  );
} finally {
  server.child.kill('SIGTERM');
  await Promise.race([server.exited, sleep(15_000)]);
  if (server.child.exitCode === null) server.child.kill('SIGKILL');
  await setup.cleanup();
}
