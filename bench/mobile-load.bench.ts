// How fast 掌上车联 (/m/, issue 36 item 7) arrives on a phone, in real Chromium (390×844, touch)
// against the compiled server with the built web app, under Chromium's own "Slow 4G" throttling
// (DevTools' preset: 1.6 Mbit/s down × 0.9, 750 kbit/s up × 0.9, 150 ms × 3.75 = 562.5 ms latency,
// through CDP Network.emulateNetworkConditions). Prints JSON:
//  - login: /m/ with an empty cache until the login form is on screen (time to usable), its first
//    contentful paint, and its JavaScript (gzip bytes; the budget is 150 000);
//  - signedIn: /m/ opened again by a signed-in operator, empty cache, until 车队's first vehicle row
//    is on screen, and that load's JavaScript.
// Run: npm run bench -- mobile-load [--runs 3] [--no-throttle]
// Needs `npm run build:web` first (it builds when apps/web/dist/m is missing).
import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { freePort } from '../apps/server/src/testing/freePort.ts';
import { buildServerOnce } from './support/buildServer.ts';
import { loadAverage } from './support/procStats.ts';
import { gzipBytes, recordResponses, scriptsOf } from '../e2e/support/pageBytes.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const RUNS = arg('runs', 3);
const THROTTLE = !process.argv.includes('--no-throttle');
/** DevTools' "Slow 4G" (front_end/core/sdk/NetworkManager.ts) */
const SLOW_4G = {
  offline: false,
  downloadThroughput: ((1.6 * 1e6) / 8) * 0.9,
  uploadThroughput: ((750 * 1e3) / 8) * 0.9,
  latency: 150 * 3.75,
};
const PASSWORD = 'Bench-Admin-2024';
const repo = path.resolve(import.meta.dirname, '..');

if (!fs.existsSync(path.join(repo, 'apps/web/dist/m/index.html'))) {
  execSync('npm run build:web', { cwd: repo, stdio: ['ignore', 2, 'inherit'], env: { ...process.env, NODE_ENV: 'production' } });
}
buildServerOnce();

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chelian-mobile-load-'));
const [port, jt808, gt06, h02] = [await freePort(), await freePort(), await freePort(), await freePort()];
const log = fs.openSync(path.join(dir, 'server.log'), 'a');
const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
  cwd: repo,
  env: {
    ...process.env,
    DATA_DIR: path.join(dir, 'data'),
    CHELIAN_ADMIN_PASSWORD: PASSWORD,
    PORT: String(port),
    HOST: '127.0.0.1',
    JT808_PORT: String(jt808),
    GT06_PORT: String(gt06),
    H02_PORT: String(h02),
    WATCH_PORT: '0',
    DATABASE_URL: '',
    NATS_URL: '',
  },
  stdio: ['ignore', log, log],
});
const base = `http://localhost:${port}`;
for (let i = 0; ; i++) {
  if (
    await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    )
  )
    break;
  if (i > 360 || server.exitCode !== null)
    throw new Error(`server did not start: ${fs.readFileSync(path.join(dir, 'server.log'), 'utf8').slice(-2000)}`);
  await new Promise((r) => setTimeout(r, 500));
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});

/** A phone with an empty cache (and no service worker yet), throttled as asked. */
async function freshPhone(storageState?: Awaited<ReturnType<BrowserContext['storageState']>>): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    serviceWorkers: 'block',
    ...(storageState ? { storageState } : {}),
  });
  const page = await context.newPage();
  if (THROTTLE) await (await context.newCDPSession(page)).send('Network.emulateNetworkConditions', SLOW_4G);
  return page;
}

const median = (values: number[]) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  return Math.round(sorted[Math.floor(sorted.length / 2)]);
};

const loginMs: number[] = [];
const fcp: number[] = [];
const signedInMs: number[] = [];
let loginJs = { count: 0, gzip: 0 };
let signedInJs = { count: 0, gzip: 0 };
const timeline: string[] = [];
let signedIn: Awaited<ReturnType<BrowserContext['storageState']>> | undefined;

for (let run = 0; run < RUNS; run++) {
  const page = await freshPhone();
  const responses = await recordResponses(page);
  const started = performance.now();
  await page.goto(`${base}/m/`, { waitUntil: 'commit' });
  await page.getByTestId('m-login-password').waitFor({ timeout: 120_000 });
  loginMs.push(performance.now() - started);
  await page.waitForLoadState('networkidle');
  fcp.push(await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN));
  await responses.stop();
  if (run === 0) {
    const scripts = scriptsOf(responses.responses());
    loginJs = { count: scripts.urls.length, gzip: await gzipBytes(scripts.urls) };
  }
  if (!signedIn) {
    await page.locator('input[name="username"]').fill('admin');
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.locator('button[type="submit"]').tap();
    await page.waitForURL((u) => u.pathname === '/m/fleet', { timeout: 120_000 });
    signedIn = await page.context().storageState();
  }
  await page.context().close();

  const again = await freshPhone(signedIn);
  const log2 = await recordResponses(again);
  const opened = performance.now();
  // when each file and call of the signed-in load finished: where the waterfall is
  if (run === 0)
    again.on('requestfinished', (r) => timeline.push(`${Math.round(performance.now() - opened)} ${new URL(r.url()).pathname}`));
  await again.goto(`${base}/m/`, { waitUntil: 'commit' });
  // usable: 车队 drawn with its search (an empty fleet shows its 没有找到车辆)
  await again.locator('input[type="search"]').waitFor({ timeout: 120_000 });
  await again.locator('.mo-count').waitFor({ timeout: 120_000 });
  signedInMs.push(performance.now() - opened);
  await again.waitForLoadState('networkidle');
  await log2.stop();
  if (run === 0) {
    const scripts = scriptsOf(log2.responses());
    signedInJs = { count: scripts.urls.length, gzip: await gzipBytes(scripts.urls) };
  }
  await again.context().close();
}

console.log(
  JSON.stringify(
    {
      runs: RUNS,
      loadAverage: loadAverage(),
      cpus: os.cpus().length,
      network: THROTTLE ? { preset: 'Slow 4G (DevTools)', ...SLOW_4G } : 'loopback',
      login: { usableMs: median(loginMs), usableMsRuns: loginMs.map(Math.round), fcpMs: median(fcp), js: loginJs, budget: 150_000 },
      signedIn: { usableMs: median(signedInMs), usableMsRuns: signedInMs.map(Math.round), js: signedInJs, timeline },
    },
    null,
    2,
  ),
);

await browser.close();
server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));
fs.rmSync(dir, { recursive: true, force: true });
