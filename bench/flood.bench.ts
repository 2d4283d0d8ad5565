/**
 * Terminals under API attacks: `npm run bench -- flood [--terminals=500] [--interval=5] [--concurrency=200]
 * [--upload-concurrency=4] [--attacks=logins,uploads] [--baseline-seconds=15] [--flood-seconds=30] [--limits=default|off]`.
 *
 * Starts the built server (apps/server/dist/main.js; PGlite, or a fresh schema of DATABASE_URL with
 * TEST_ENGINE=postgres) with TERMINAL_AUTO_REGISTER=1, connects N JT/T 808 terminals that register and
 * authenticate, each reporting a location every `interval` seconds; then, one after the other, each
 * from a process of its own: an upload attack — `upload-concurrency` loops of a logged-in user
 * sending hostile spreadsheets (3 000 000 tiny rows; 1 GB unpacked) to vehicleVerify.json — and a
 * login flood from `concurrency` loops, every attempt claiming another address (X-Forwarded-For). Midway
 * through each a new terminal connects, registers and authenticates. `--limits=off` turns the login
 * limits off (per address, per second, per account) to show what they hold back.
 * Prints JSON: acknowledgement latency p50/p99/max per phase, the new terminals' sign-in times, the
 * attackers' answers, /healthz round trips, the server's CPU and event-loop lag per phase.
 */
import { buildServerOnce } from './support/buildServer.ts';
import { BenchTerminal } from './support/benchTerminal.ts';
import { signIn } from './flood/uploadFlood.ts';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { cpuMs, loadAverage } from './support/procStats.ts';
import { fetchMetrics, metricValue, TEST_METRICS_TOKEN } from '../apps/server/src/testing/metricsText.ts';
import { CHILD_ADMIN_PASSWORD, prepareServer, spawnServer, waitReady } from '../apps/server/src/testing/serverProcess.ts';

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const num = (name: string, fallback: number) => Number(args.get(name) ?? fallback);
const TERMINALS = num('terminals', 500);
const INTERVAL_MS = num('interval', 5) * 1000;
const CONCURRENCY = num('concurrency', 200);
const BASELINE_MS = num('baseline-seconds', 15) * 1000;
const FLOOD_MS = num('flood-seconds', 30) * 1000;
const LIMITS_OFF = args.get('limits') === 'off';
const UPLOAD_CONCURRENCY = num('upload-concurrency', 4);
const ATTACKS = (args.get('attacks') ?? 'logins,uploads').split(',');
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
  ...(LIMITS_OFF
    ? {
        RATE_LIMIT_LOGIN: '0',
        RATE_LIMIT_LOGIN_PER_SECOND: '0',
        RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: '0',
        RATE_LIMIT_API_PER_ADDRESS: '0',
      }
    : {}),
});
const server = spawnServer(setup, { built: true });
const base = `http://127.0.0.1:${setup.ports.http}`;
try {
  await waitReady(server, setup.ports);
  log(`server up; connecting ${TERMINALS} terminals`);

  const terminals: BenchTerminal[] = [];
  for (let i = 0; i < TERMINALS; i += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, TERMINALS - i) }, (_, j) => BenchTerminal.connect(setup.ports.jt808, i + j)),
    );
    await Promise.all(batch.map((t) => t.handshake()));
    terminals.push(...batch);
  }
  log('terminals logged in; reporting');
  // The upload attacker's session, made before the login flood puts this address over its login limit.
  const uploaderSession = await signIn(base, 'admin', CHILD_ADMIN_PASSWORD);

  type Phase = 'baseline' | 'logins' | 'uploads' | 'after';
  let phase: Phase = 'baseline';
  const latencies: Record<Phase, number[]> = { baseline: [], logins: [], uploads: [], after: [] };
  for (const t of terminals) t.onAck = (ms) => latencies[phase].push(ms);
  // Each terminal reports every INTERVAL_MS, spread evenly over the interval.
  let k = 0;
  const timers = terminals.map((t, i) =>
    setTimeout(
      () => {
        const tick = () => t.send(k++, Date.now());
        tick();
        timers[i] = setInterval(tick, INTERVAL_MS);
      },
      (i * INTERVAL_MS) / TERMINALS,
    ),
  );

  // The server's own CPU (main thread and thread pool together) and event-loop lag per phase: on a
  // shared machine the latencies carry everyone's load, these say what the attack cost the server.
  const pid = server.child.pid!;
  const lagP99 = async () =>
    Math.round((metricValue(await fetchMetrics(setup.ports.http, TEST_METRICS_TOKEN), 'nodejs_eventloop_lag_p99_seconds') ?? NaN) * 1000);
  const load = { start: loadAverage() };
  let cpuAt = cpuMs(pid);
  const cpuSince = (seconds: number) => {
    const now = cpuMs(pid);
    const perSecond = Math.round((now - cpuAt) / seconds);
    cpuAt = now;
    return perSecond;
  };
  await sleep(BASELINE_MS);
  const baseline = { cpuMsPerSecond: cpuSince(BASELINE_MS / 1000), eventLoopLagP99Ms: await lagP99() };

  /** One attack in a process of its own, as the outside probe was, while the terminals report; a new terminal signs in midway. */
  async function attack(name: 'logins' | 'uploads', script: string, env: Record<string, string>) {
    phase = name;
    log(`${name}: attacking for ${FLOOD_MS / 1000} s`);
    const attacker = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, script)], {
      env: { ...process.env, FLOOD_BASE: base, FLOOD_SECONDS: String(FLOOD_MS / 1000), ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    attacker.stdout!.on('data', (c: Buffer) => (out += c.toString()));
    const answers = new Promise<unknown>((resolve) =>
      attacker.once('exit', () => resolve(JSON.parse(out.trim().split('\n').at(-1) || '{}'))),
    );
    // This process's own event-loop delay: when it is high, the latencies are partly the bench's.
    const benchLoop = monitorEventLoopDelay({ resolution: 20 });
    benchLoop.enable();
    const health: number[] = [];
    const probing = (async () => {
      while (phase === name) {
        const t0 = performance.now();
        await fetch(`${base}/healthz`)
          .then((r) => r.arrayBuffer())
          .catch(() => undefined);
        health.push(performance.now() - t0);
        await sleep(250);
      }
    })();
    await sleep(FLOOD_MS / 2);
    const t0 = performance.now();
    let newTerminal: { ok: boolean; ms: number; error?: string };
    try {
      const fresh = await BenchTerminal.connect(setup.ports.jt808, TERMINALS + (name === 'logins' ? 0 : 1));
      await fresh.handshake();
      newTerminal = { ok: true, ms: Math.round(performance.now() - t0) };
      fresh.socket.destroy();
    } catch (err) {
      newTerminal = { ok: false, ms: Math.round(performance.now() - t0), error: (err as Error).message };
    }
    log(`${name}: new terminal`, newTerminal);
    await sleep(Math.max(0, FLOOD_MS / 2 - (performance.now() - t0)));
    benchLoop.disable();
    const cpuMsPerSecond = cpuSince(FLOOD_MS / 1000);
    const eventLoopLagP99Ms = await lagP99();
    phase = 'after';
    const counts = await answers;
    await probing;
    return {
      answers: counts,
      newTerminalDuringAttack: newTerminal,
      healthzMs: summary(health),
      cpuMsPerSecond,
      eventLoopLagP99Ms,
      benchEventLoopLagP99Ms: Math.round(benchLoop.percentile(99) / 1e6),
    };
  }

  // Uploads first: the login flood leaves this one address over its per-address API limit for a minute.
  const uploads = ATTACKS.includes('uploads')
    ? await attack('uploads', 'flood/uploadFlood.ts', { FLOOD_SESSION: uploaderSession, FLOOD_CONCURRENCY: String(UPLOAD_CONCURRENCY) })
    : null;
  if (uploads) await sleep(INTERVAL_MS);
  const logins = ATTACKS.includes('logins')
    ? await attack('logins', 'flood/loginFlood.ts', { FLOOD_CONCURRENCY: String(CONCURRENCY) })
    : null;
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
      loginConcurrency: CONCURRENCY,
      uploadConcurrency: UPLOAD_CONCURRENCY,
      attackSeconds: FLOOD_MS / 1000,
      ackMs: {
        baseline: summary(latencies.baseline),
        logins: summary(latencies.logins),
        uploads: summary(latencies.uploads),
        after: summary(latencies.after),
      },
      unansweredAtEnd: unanswered,
      baseline,
      logins,
      uploads,
      loadAverage: { ...load, end: loadAverage() },
    }),
  );
} finally {
  server.child.kill('SIGTERM');
  await Promise.race([server.exited, sleep(15_000)]);
  if (server.child.exitCode === null) server.child.kill('SIGKILL');
  await setup.cleanup();
}
