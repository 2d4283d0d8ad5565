#!/usr/bin/env node
// `npm test`: every suite, in order. Suites that need something this machine lacks are skipped
// and named at the end, so a green run always says what it did not cover.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const results = [];
const skipped = [];

const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chelian-test-'));

/**
 * A vitest suite also writes a JSON report, so the summary can name the tests that failed: CI keeps
 * only the end of a long run's output, and a flaky test must be named there to be found.
 */
function vitest(name, args, env = {}) {
  const report = path.join(reportDir, `${results.length}.json`);
  run(name, ['vitest', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], env, 'npx', report);
}

function run(name, args, env = {}, command = 'npx', report = null) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const r = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  results.push({ name, ok: r.status === 0, seconds: Math.round((Date.now() - started) / 1000), report });
}

/** The failed files and tests of a suite's JSON report, one line each with the first line of why. */
function failuresOf(report) {
  if (!report || !fs.existsSync(report)) return ['(no JSON report: the suite ended before writing it)'];
  const firstLine = (text) =>
    String(text ?? '')
      .split('\n')
      .find((l) => l.trim()) ?? '';
  // a property test's seed, its counterexample and the error inside it: enough to replay a rare failure
  const telling = (text) =>
    String(text ?? '')
      .split('\n')
      .slice(1)
      .filter((l) => /seed|Counterexample|Got error|Error:|expected|positions of/i.test(l))
      .slice(0, 6)
      .map((l) => l.trim().slice(0, 600));
  const lines = [];
  for (const file of JSON.parse(fs.readFileSync(report, 'utf8')).testResults ?? []) {
    const where = path.relative(process.cwd(), file.name);
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failedTests) {
      lines.push(`${where} > ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
      lines.push(...telling(t.failureMessages?.[0]).map((l) => `    ${l}`));
    }
    if (file.status === 'failed' && failedTests.length === 0)
      lines.push(
        `${where}: ${firstLine(file.message) || 'failed outside its tests (a beforeAll/afterAll hook or its import): the error is in the output above'}`,
      );
  }
  return lines.length ? lines : ['(no failed test in the report: an error outside the tests, see above)'];
}

/** Runs several suites at once, each printed whole when it ends (their outputs do not interleave). */
async function runTogether(suites) {
  await Promise.all(
    suites.map(
      ({ name, args, command = 'npx' }) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(command, args, { env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
          const output = [];
          child.stdout.on('data', (d) => output.push(d));
          child.stderr.on('data', (d) => output.push(d));
          child.on('close', (code) => {
            console.log(`\n=== ${name} ===`);
            process.stdout.write(Buffer.concat(output));
            results.push({ name, ok: code === 0, seconds: Math.round((Date.now() - started) / 1000) });
            resolve();
          });
        }),
    ),
  );
}

function reachable(url, defaultPort) {
  return new Promise((resolve) => {
    try {
      const u = new URL(url);
      const socket = net.connect({ host: u.hostname, port: Number(u.port || defaultPort) });
      socket.setTimeout(2000);
      socket.on('connect', () => (socket.destroy(), resolve(true)));
      socket.on('error', () => resolve(false));
      socket.on('timeout', () => (socket.destroy(), resolve(false)));
    } catch {
      resolve(false);
    }
  });
}

const natsUp = process.env.NATS_URL ? await reachable(process.env.NATS_URL, 4222) : false;
if (!natsUp) skipped.push('NATS bus suite (set NATS_URL to a running nats-server, e.g. nats://127.0.0.1:4222)');
const redisUp = await reachable(process.env.REDIS_URL || 'redis://127.0.0.1:6379', 6379);
if (!redisUp) skipped.push('rate limits shared through Redis (no Redis at REDIS_URL or 127.0.0.1:6379: apt-get install -y redis-server)');

// The demo fleets of the agreement test (e2e/agreement.e2e.ts, issue 31) start first and drive
// while the suites below run: by the browser suite they have run their 10 minutes, and no suite
// waits for them. One on PGlite, one on PostgreSQL (a database of its own) when it is reachable.
// The offline street map's import runs Debian's tilemaker and osmium; its tests skip themselves without them.
const onPath = (tool) => spawnSync(tool, ['--help'], { stdio: 'ignore' }).error === undefined;
const streetTools = ['tilemaker', 'osmium'].filter((tool) => !onPath(tool));
if (streetTools.length) skipped.push(`street map import tests (no ${streetTools.join(', ')}: apt-get install -y tilemaker osmium-tool)`);

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const browserSuite = fs.existsSync('e2e/vitest.config.ts') && fs.existsSync(chromium);
const fleetPg = process.env.DATABASE_URL ? await reachable(process.env.DATABASE_URL, 5432) : false;
const fleetsFile = path.join(reportDir, 'demo-fleets.json');
const fleetLog = path.join(reportDir, 'demo-fleets.log');
const demoFleets = browserSuite ? startDemoFleets() : null;

function startDemoFleets() {
  const log = fs.openSync(fleetLog, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', 'e2e/support/demoFleet.cli.ts', fleetsFile], {
    env: { ...process.env, DATABASE_URL: fleetPg ? process.env.DATABASE_URL : '' },
    // its stdin closing (this process gone, however) stops it too
    stdio: ['pipe', log, log],
  });
  process.on('exit', () => child.exitCode === null && child.kill('SIGTERM'));
  return child;
}

/** Stops the demo fleets (their servers, the PostgreSQL one's database) and waits for it. */
async function stopDemoFleets() {
  if (!demoFleets || demoFleets.exitCode !== null) return;
  const exited = new Promise((resolve) => demoFleets.once('exit', resolve));
  demoFleets.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 30_000))]);
}

// Types first: server, packages and web share the API contract, and a drift fails here. The lint
// rules hold the layers (imports flow one way; pages call the endpoint table only). Side by side:
// neither writes anything, and each keeps one core busy.
await runTogether([
  { name: 'typecheck (server, packages, web)', args: ['run', 'typecheck'], command: 'npm' },
  { name: 'lint', args: ['run', 'lint'], command: 'npm' },
]);

vitest('unit + integration (PGlite)', ['run'], { TEST_ENGINE: 'pglite' });

const pgUp = process.env.DATABASE_URL ? await reachable(process.env.DATABASE_URL, 5432) : false;
if (pgUp) vitest('integration (PostgreSQL)', ['run', 'apps/server'], { TEST_ENGINE: 'postgres' });
else skipped.push('integration suite on PostgreSQL (set DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/test)');
// The cluster tests (apps/server/src/cluster) run inside the PostgreSQL suite when NATS and nginx are here too.
const nginxReady = fs.existsSync('/usr/sbin/nginx') && fs.existsSync('/usr/lib/nginx/modules/ngx_stream_module.so');
if (pgUp && natsUp && !nginxReady)
  skipped.push('cluster suite (no nginx with its stream module: apt-get install -y nginx libnginx-mod-stream)');
else if (pgUp && !natsUp) skipped.push('cluster suite (needs NATS_URL too)');

if (fs.existsSync('e2e/vitest.config.ts')) {
  if (browserSuite)
    vitest('browser (Chromium)', ['run', '--config', 'e2e/vitest.config.ts'], {
      AGREEMENT_FLEETS_FILE: fleetsFile,
      AGREEMENT_ENGINES: fleetPg ? 'pglite,postgres' : 'pglite',
    });
  else skipped.push(`browser suite (no Chromium at ${chromium}: apt-get install -y chromium fonts-wqy-microhei)`);
}
await stopDemoFleets();
if (browserSuite && !fleetPg) skipped.push('agreement test on PostgreSQL (set DATABASE_URL to a reachable PostgreSQL server)');

console.log('\n=== summary ===');
for (const r of results) {
  console.log(`${r.ok ? 'PASS' : 'FAIL'}  ${r.name}  (${r.seconds}s)`);
  if (!r.ok && r.report) for (const line of failuresOf(r.report)) console.log(`  failed: ${line.slice(0, 300)}`);
}
if (results.some((r) => !r.ok) && demoFleets) console.log(`demo fleets' log: ${fleetLog}`);
for (const s of skipped) console.log(`SKIPPED  ${s}`);
const failed = results.filter((r) => !r.ok).length;
console.log(`suites: ${results.length - failed} passed, ${failed} failed${skipped.length ? `, ${skipped.length} skipped` : ''}`);
process.exit(failed ? 1 : 0);
