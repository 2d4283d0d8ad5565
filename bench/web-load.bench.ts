// How fast the web app arrives (issue 14 item 6), in real Chromium against the compiled server
// with the built web app (precompressed, cache headers as in production). Prints JSON:
//  - login: first contentful paint of /login with an empty cache, and its JavaScript (gzip bytes,
//    and the bytes Chromium transferred with the encoding it picked);
//  - loginToHome: from the click on 登录 to the home page drawn (its test id on screen), the
//    fields filled --typing-ms before the click;
//  - monitor: after login, what opening 车辆监控 (/car/monitor: the shell's frame with the car
//    app) transfers until its map and every basemap layer are in (the map's worker included), by
//    resource type, and how long until the map is ready.
// Run: node --import tsx bench/web-load.bench.ts [--runs 5] [--mbps 0] [--rtt-ms 0] [--typing-ms 1000]
//   --mbps/--rtt-ms: Chromium's network emulation (0 = the loopback as it is), e.g. --mbps 20 --rtt-ms 40.
// Needs `npm run build:web` first (it builds when apps/web/dist is missing).
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBenchChromium, median, startBenchServer } from './support/browserBench.ts';
import { loadAverage } from './support/procStats.ts';
import { gzipBytes, recordResponses, scriptsOf, type LoadedResponse } from '../e2e/support/pageBytes.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const RUNS = arg('runs', 5);
const MBPS = arg('mbps', 0);
const RTT_MS = arg('rtt-ms', 0);
/** between starting on the form and clicking 登录 (a person types for longer; the page fetches the home page's code meanwhile) */
const TYPING_MS = arg('typing-ms', 1000);
const PASSWORD = 'Bench-Admin-2024';

const server = await startBenchServer('web-load', PASSWORD, 'index.html');
const base = server.base;
const browser: Browser = await launchBenchChromium();

/** A fresh tab (empty cache), with the network emulation asked for. */
async function freshPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'zh-CN' });
  const page = await context.newPage();
  if (MBPS > 0 || RTT_MS > 0) {
    const cdp = await context.newCDPSession(page);
    const bytesPerSecond = MBPS > 0 ? (MBPS * 1e6) / 8 : -1;
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: RTT_MS,
      downloadThroughput: bytesPerSecond,
      uploadThroughput: bytesPerSecond,
    });
  }
  return page;
}

const byType = (responses: LoadedResponse[]) => {
  const out: Record<string, { count: number; bytes: number }> = {};
  for (const r of responses) {
    const t = (out[r.type] ??= { count: 0, bytes: 0 });
    t.count++;
    t.bytes += r.encodedBytes;
  }
  return out;
};

const fcp: number[] = [];
const loginToHome: number[] = [];
const monitorMs: number[] = [];
let loginScripts = { count: 0, gzip: 0, transferred: 0, encodings: [] as string[] };
let monitor: { total: number; types: ReturnType<typeof byType>; basemap: Array<{ file: string; bytes: number; encoding: string }> } | null =
  null;

for (let run = 0; run < RUNS; run++) {
  const page = await freshPage();
  const responses = await recordResponses(page);
  await page.goto(`${base}/login`);
  await page.getByTestId('login-new').waitFor();
  await page.waitForLoadState('networkidle');
  fcp.push(await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN));
  await responses.stop();
  if (run === 0) {
    const scripts = scriptsOf(responses.responses());
    loginScripts = {
      count: scripts.urls.length,
      gzip: await gzipBytes(scripts.urls),
      transferred: scripts.transferred,
      encodings: [...new Set(scripts.encodings)],
    };
  }

  await page.locator('#username').fill('admin');
  await page.locator('#password').fill(PASSWORD);
  await page.waitForTimeout(TYPING_MS);
  const clicked = performance.now();
  await page.getByTestId('login-submit').click();
  await page.getByTestId('home-page').waitFor({ timeout: 30_000 });
  loginToHome.push(performance.now() - clicked);

  // the home page is up: what opening the monitoring page adds
  await page.waitForLoadState('networkidle');
  const monitorLog = await recordResponses(page);
  const opened = performance.now();
  await page.goto(`${base}/car/monitor`);
  const frame = page.frameLocator('iframe[name="chelian-car"]');
  await frame.locator('[data-testid="car-map"][data-map-ready="true"]').waitFor({ timeout: 60_000 });
  monitorMs.push(performance.now() - opened);
  // the map is ready before its worker has every basemap layer: count those too
  for (let waited = 0; monitorLog.responses().filter((r) => r.url.includes('.geojson')).length < 3 && waited < 60_000; waited += 200)
    await page.waitForTimeout(200);
  await page.waitForLoadState('networkidle');
  await monitorLog.stop();
  if (run === 0) {
    const all = monitorLog.responses();
    monitor = {
      total: all.reduce((sum, r) => sum + r.encodedBytes, 0),
      types: byType(all),
      basemap: all
        .filter((r) => r.url.includes('.geojson') && r.encodedBytes > 0)
        .map((r) => ({ file: path.basename(new URL(r.url).pathname), bytes: r.encodedBytes, encoding: r.encoding })),
    };
  }
  await page.context().close();
}

console.log(
  JSON.stringify(
    {
      runs: RUNS,
      // timings on a shared machine move with its load: the load averages (1, 5, 15 min) at the end
      loadAverage: loadAverage(),
      cpus: os.cpus().length,
      network: MBPS > 0 || RTT_MS > 0 ? { mbps: MBPS, rttMs: RTT_MS } : 'loopback',
      typingMs: TYPING_MS,
      login: { fcpMs: median(fcp), fcpMsRuns: fcp.map(Math.round), scripts: loginScripts },
      loginToHomeMs: median(loginToHome),
      loginToHomeMsRuns: loginToHome.map(Math.round),
      monitor: { firstLoadBytes: monitor?.total, mapReadyMs: median(monitorMs), byType: monitor?.types, basemap: monitor?.basemap },
    },
    null,
    2,
  ),
);

await browser.close();
await server.stop();
