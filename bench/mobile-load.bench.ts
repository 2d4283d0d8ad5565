// How fast 掌上车联 (/m/, issue 36 item 7) arrives on a phone, in real Chromium (390×844, touch)
// against the compiled server with the built web app, under Chromium's own "Slow 4G" throttling
// (DevTools' preset: 1.6 Mbit/s down × 0.9, 750 kbit/s up × 0.9, 150 ms × 3.75 = 562.5 ms latency,
// through CDP Network.emulateNetworkConditions). Prints JSON:
//  - login: /m/ with an empty cache until the login form is on screen (time to usable), its first
//    contentful paint, and its JavaScript (gzip bytes; the budget is 150 000);
//  - signedIn: /m/ opened again by a signed-in operator, empty cache, until 车队 is on screen with its
//    list, the JavaScript fetched by then (js) and until the network is idle (jsIdle: with the live
//    view's code, which 车队 asks for once it is on screen).
// Run: npm run bench -- mobile-load [--runs 3] [--no-throttle]
// Needs `npm run build:web` first (it builds when apps/web/dist/m is missing).
import os from 'node:os';
import type { BrowserContext, Page } from 'playwright-core';
import { launchBenchChromium, median, startBenchServer } from './support/browserBench.ts';
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

const server = await startBenchServer('mobile-load', PASSWORD, 'm/index.html');
const base = server.base;
const browser = await launchBenchChromium();

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

const loginMs: number[] = [];
const fcp: number[] = [];
const signedInMs: number[] = [];
let loginJs = { count: 0, gzip: 0 };
let signedInJs = { count: 0, gzip: 0 };
let signedInIdleJs = { count: 0, gzip: 0 };
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
  // when each file and call of the signed-in load was asked for and finished: where the waterfall is
  if (run === 0) {
    const asked = new Map<unknown, number>();
    const at = () => Math.round(performance.now() - opened);
    again.on('request', (r) => asked.set(r, at()));
    again.on('requestfinished', (r) => timeline.push(`${asked.get(r) ?? '?'}→${at()} ${new URL(r.url()).pathname}`));
  }
  await again.goto(`${base}/m/`, { waitUntil: 'commit' });
  // usable: 车队 drawn with its search (an empty fleet shows its 没有找到车辆)
  await again.locator('input[type="search"]').waitFor({ timeout: 120_000 });
  await again.locator('.mo-count').waitFor({ timeout: 120_000 });
  signedInMs.push(performance.now() - opened);
  const byUsable = scriptsOf(log2.responses());
  await again.waitForLoadState('networkidle');
  await log2.stop();
  if (run === 0) {
    const scripts = scriptsOf(log2.responses());
    signedInJs = { count: byUsable.urls.length, gzip: await gzipBytes(byUsable.urls) };
    signedInIdleJs = { count: scripts.urls.length, gzip: await gzipBytes(scripts.urls) };
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
      signedIn: {
        usableMs: median(signedInMs),
        usableMsRuns: signedInMs.map(Math.round),
        js: signedInJs,
        jsIdle: signedInIdleJs,
        timeline,
      },
    },
    null,
    2,
  ),
);

await browser.close();
await server.stop();
