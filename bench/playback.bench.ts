// A 30-day track at 10-second intervals (~260 000 points) from PostgreSQL into the playback page
// in real Chromium: from the query until the route is drawn and the map idle, with where the time
// goes (server, bytes, decode, first draw, idle; main-thread task time from the DevTools protocol).
// Needs a PostgreSQL server:
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/playback.bench.ts [--days 30] [--angle]
// A scratch database is created and dropped. The web app must be built first (npm run build -w apps/web,
// or any e2e run, which builds it for production when stale).
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { loadConfig } from '../apps/server/src/config.ts';
import { createLogger } from '../apps/server/src/log.ts';
import { startServer } from '../apps/server/src/server.ts';
import { seedFleet, seedTrack } from './support/seedFleet.ts';
import { DAY_MS } from '@chelian/contracts/beijingTime.ts';

const i = process.argv.indexOf('--days');
const DAYS = i >= 0 ? Number(process.argv[i + 1]) : 30;
// These machines have no GPU. By default (as for the first figures) --disable-gpu: software
// compositing, which reads every WebGL frame back while the page's main thread waits (~0.3–0.7 s a
// frame here for a month's route). --angle draws WebGL on SwiftShader through ANGLE in the GPU
// process instead, beside the page, but then the whole page is composited on SwiftShader too.
const NO_GPU = !process.argv.includes('--angle');
const GL_FLAGS = NO_GPU ? ['--disable-gpu'] : ['--use-angle=swiftshader', '--enable-unsafe-swiftshader'];
const admin = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `chelian_bench_${Date.now()}`;
const root = new pg.Client({ connectionString: admin });
await root.connect();
await root.query(`CREATE DATABASE ${dbName}`);
const url = new URL(admin);
url.pathname = `/${dbName}`;
const PASSWORD = 'Bench#2026pw';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'playback-bench-'));

const config = loadConfig(
  {
    DATABASE_URL: url.toString(),
    DATA_DIR: dataDir,
    CHELIAN_ADMIN_PASSWORD: PASSWORD,
    PORT: '0',
    HOST: '127.0.0.1',
    JT808_PORT: '0',
    GT06_PORT: '0',
    H02_PORT: '0',
    WATCH_PORT: '0',
  },
  [],
);
const server = await startServer(config, { log: createLogger('warn') });
const port = (server.app.server.address() as { port: number }).port;

const client = new pg.Client({ connectionString: url.toString() });
await client.connect();
const [vehicle] = await seedFleet(client, 1);
const seedStart = performance.now();
const points = await seedTrack(client, vehicle.terminalPk, DAYS);
const seedMs = performance.now() - seedStart;
await client.query('ANALYZE positions');
await client.end();

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    ...GL_FLAGS,
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const page = await (await browser.newContext({ viewport: { width: 1366, height: 768 }, reducedMotion: 'reduce' })).newPage();
const base = `http://127.0.0.1:${port}`;
await page.goto(`${base}/login`);
await page.locator('#username').fill('admin');
await page.locator('#password').fill(PASSWORD);
await page.getByTestId('login-submit').click();
await page.waitForURL((u) => u.pathname === '/home');
const end = Date.now() + 60_000;
const start = end - (DAYS + 0.5) * DAY_MS;
await page.goto(`${base}/child/car/playback?urlType=blank&vehicleId=${vehicle.vehicleId}&start=${start}&end=${end}`);
const el = page.getByTestId('car-playback');
await page.waitForFunction(
  () => Number(document.querySelector('[data-testid="car-playback"]')?.getAttribute('data-loads')) >= 1,
  undefined,
  { timeout: 180_000 },
);
await page.locator('[data-testid="playback-map"][data-map-ready="true"]').waitFor();

// The same call from here (node's fetch): time to the last byte and bytes, gzip and plain, and the
// old row format for comparison. The server runs in this process, so its CPU time is ours.
const sessionId = String(await page.evaluate(`localStorage.getItem('sessionId') ?? sessionStorage.getItem('sessionId') ?? ''`));
function direct(path: string, gzip: boolean) {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const url = `${base}${path}?vehicleId=${vehicle.vehicleId}&start=${start}&end=${end}`;
  return new Promise<Record<string, unknown>>((resolve, reject) => {
    http
      .get(url, { headers: { sessionId, 'accept-encoding': gzip ? 'gzip' : 'identity' } }, (res) => {
        let wire = 0;
        let firstByteMs = 0;
        res.on('data', (chunk: Buffer) => {
          firstByteMs ||= performance.now() - t0;
          wire += chunk.length;
        });
        res.on('end', () => {
          const cpu = process.cpuUsage(cpu0);
          resolve({
            path,
            gzip,
            status: res.statusCode,
            encoding: res.headers['content-encoding'] ?? 'identity',
            wireBytes: wire,
            firstByteMs: Math.round(firstByteMs),
            lastByteMs: Math.round(performance.now() - t0),
            serverCpuMs: Math.round((cpu.user + cpu.system) / 1000),
          });
        });
      })
      .on('error', reject);
  });
}
const directRuns = [];
for (const [path, gzip] of [
  ['/car/v4/api/monitor/track.bin', false],
  ['/car/v4/api/monitor/track.bin', true],
  ['/car/v4/api/monitor/track.json', false],
] as const) {
  directRuns.push(await direct(path, gzip));
}

const cdp = await page.context().newCDPSession(page);
await cdp.send('Performance.enable');
const mainThread = async () => {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const m = Object.fromEntries(metrics.map((x: { name: string; value: number }) => [x.name, x.value]));
  return { task: m.TaskDuration * 1000, script: m.ScriptDuration * 1000 };
};

const runs = [];
for (let run = 0; run < 3; run++) {
  await page.evaluate('performance.clearResourceTimings()');
  const before = await mainThread();
  const cpu0 = process.cpuUsage();
  const t0 = Date.now();
  // click and watch in the page: the route's data processed by MapLibre, first drawn, then idle
  // (a string: tsx would add helpers the page does not have to a function written here)
  const marks = (await page.evaluate(`new Promise((resolve) => {
    const map = document.querySelector('[data-testid="playback-map"] .cl-map-canvas').maplibre;
    const el = document.querySelector('[data-testid="car-playback"]');
    const n = Number(el.dataset.loads);
    const t0 = performance.now();
    const marks = {};
    const since = () => Math.round(performance.now() - t0);
    const onData = (e) => { if (e.sourceId === 'car-route' && e.sourceDataType === 'content' && !marks.routeData && Number(el.dataset.loads) > n) marks.routeData = since(); };
    const onRender = () => { if (marks.routeData && !marks.firstDraw && map.isSourceLoaded('car-route')) marks.firstDraw = since(); };
    const onIdle = () => {
      if (!marks.firstDraw) return;
      marks.idle = since();
      map.off('sourcedata', onData); map.off('render', onRender); map.off('idle', onIdle);
      resolve(marks);
    };
    map.on('sourcedata', onData); map.on('render', onRender); map.on('idle', onIdle);
    document.querySelector('[data-testid="playback-query"]').click();
  })`)) as { routeData: number; firstDraw: number; idle: number };
  const drawnMs = Date.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const after = await mainThread();
  const timing = (await page.evaluate(
    `performance.getEntriesByType('resource').filter((e) => e.name.includes('track.bin')).map((e) => ({ requestToLastByte: Math.round(e.responseEnd - e.requestStart), transferSize: e.transferSize, bodySize: e.decodedBodySize }))[0]`,
  )) as Record<string, number>;
  const attr = async (name: string) => Number(await el.getAttribute(name));
  runs.push({
    ...timing,
    fetchMs: await attr('data-fetch-ms'),
    decodeMs: await attr('data-decode-ms'),
    ...marks,
    drawnMs,
    mainThreadTaskMs: Math.round(after.task - before.task),
    mainThreadScriptMs: Math.round(after.script - before.script),
    serverProcessCpuMs: Math.round((cpu.user + cpu.system) / 1000),
    loadAverage: Math.round(os.loadavg()[0] * 10) / 10,
  });
}
const shown = Number(await el.getAttribute('data-points'));
await browser.close();
await server.close();
await root.query(`DROP DATABASE ${dbName} WITH (FORCE)`);
await root.end();
fs.rmSync(dataDir, { recursive: true, force: true });
console.log(
  JSON.stringify(
    {
      bench: 'playback',
      days: DAYS,
      gl: NO_GPU ? 'disable-gpu' : 'angle-swiftshader',
      points,
      shownPoints: shown,
      seedMs: Math.round(seedMs),
      cpus: os.cpus().length,
      direct: directRuns,
      runs,
    },
    null,
    2,
  ),
);
process.exit(0);
