// Main-thread time per update batch of the monitoring map in real Chromium: the car app's own
// MapView + VehiclesLayer + FleetStore (bench/car-map/main.tsx) with 10 000 moving vehicles.
// Prints JSON. Run: node --import tsx bench/car-map.bench.ts [--vehicles 10000] [--batches 15]
//   [--compositor software|gpu|both] [--live-seconds 20] [--shots dir] [--device-scale 1]
// software: `--disable-gpu`, Chromium composites in software and reads the WebGL canvas back with
// glReadPixels every frame. gpu: SwiftShader behind ANGLE as the GPU (`--use-angle=swiftshader
// --enable-unsafe-swiftshader`), so the compositor takes the WebGL frame as a texture like on an
// operator's machine with a GPU; drawing is still software, on the GPU process's threads.
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { chromium, type Browser, type Page } from 'playwright-core';

// the page's hooks (bench/car-map/main.tsx), as the browser sees them
declare global {
  interface Window {
    carBench: { update(n: number): number; refreshOverlays(): number; idle(): Promise<void>; ready: boolean; features(): number };
  }
}

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const VEHICLES = arg('vehicles', 10_000);
const BATCHES = arg('batches', 15);
const LIVE_SECONDS = arg('live-seconds', 20);
/** vehicles moved before each measured refresh (3 s of the live stream); 0 = a refresh with nothing moved */
const REFRESH_MOVES = arg('refresh-moves', Math.round((VEHICLES * 3) / 10));
const option = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const COMPOSITORS = option('compositor', 'both') === 'both' ? ['software', 'gpu'] : [option('compositor', 'both')];
const SHOTS = option('shots', '');
/** the page's devicePixelRatio (2 = a high-DPI screen: plates are rasterised at twice the pixels) */
const DEVICE_SCALE = arg('device-scale', 1);
const FLAGS: Record<string, string[]> = {
  software: ['--disable-gpu'],
  gpu: ['--use-angle=swiftshader', '--enable-unsafe-swiftshader'],
};
const repo = path.resolve(import.meta.dirname, '..');

const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'car-map-bench-'));
await build({
  root: path.join(repo, 'bench/car-map'),
  plugins: [react()],
  logLevel: 'warn',
  resolve: { alias: { '@chelian/contracts': path.join(repo, 'packages/contracts/src/index.ts') } },
  build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 5000 },
});

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.geojson': 'application/geo+json',
};
const server = http.createServer((req, res) => {
  const file = path.join(outDir, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
  const target = fs.existsSync(file) && fs.statSync(file).isFile() ? file : path.join(outDir, 'index.html');
  res.writeHead(200, { 'content-type': TYPES[path.extname(target)] ?? 'application/octet-stream' });
  fs.createReadStream(target).pipe(res);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const port = (server.address() as { port: number }).port;

let browser: Browser;
const launchFor = (compositor: string) =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      ...FLAGS[compositor],
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });

/** What Chromium says about its GPU (chrome://gpu's feature status) and what WebGL reports. */
async function gpuInfo(page: Page) {
  const session = await browser.newBrowserCDPSession();
  const info = (await session.send('SystemInfo.getInfo')) as { gpu: { featureStatus: Record<string, string> } };
  await session.detach();
  const webgl = await page.evaluate(() => {
    const gl = document.createElement('canvas').getContext('webgl2');
    const ext = gl?.getExtension('WEBGL_debug_renderer_info');
    return gl && ext ? String(gl.getParameter(ext.UNMASKED_RENDERER_WEBGL)) : 'none';
  });
  return { gpuCompositing: info.gpu.featureStatus.gpu_compositing, webgl2: info.gpu.featureStatus.webgl2, webglRenderer: webgl };
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  /** thread (CPU) time of the event, where the platform reports it */
  tdur?: number;
  ts?: number;
  args?: { name?: string; data?: { message?: string } };
}

/**
 * Runs `during` under Chromium's tracer and sums the top-level tasks of the page's main thread
 * (CrRendererMain): the time the operator's UI could not respond. Map workers are not counted.
 */
async function mainThreadMs(
  page: Page,
  during: () => Promise<void>,
): Promise<{
  total: number;
  cpu: number;
  frames: number;
  frameMs: number;
  readbackMs: number;
  perFlush: { wall: number[]; cpu: number[] };
}> {
  await browser.startTracing(page, { categories: process.env.BENCH_CATEGORIES?.split(',') ?? ['toplevel', 'devtools.timeline', 'gpu'] });
  await during();
  const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
  const mains = new Set(
    trace.traceEvents
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  let us = 0;
  let cpuUs = 0;
  let frames = 0;
  let frameUs = 0;
  let readbackUs = 0;
  // console.timeStamp('car-flush') before each live flush: the tasks from one to the next are that flush's
  const stamps = trace.traceEvents
    .filter((e) => e.name === 'TimeStamp' && e.args?.data?.message === 'car-flush' && mains.has(`${e.pid}:${e.tid}`))
    .map((e) => e.ts ?? 0)
    .sort((a, b) => a - b);
  const perFlush = { wall: stamps.map(() => 0), cpu: stamps.map(() => 0) };
  for (const e of trace.traceEvents) {
    if (e.ph !== 'X' || !mains.has(`${e.pid}:${e.tid}`)) continue;
    if (e.name === 'ThreadControllerImpl::RunTask' || e.name === 'RunTask') {
      us += e.dur ?? 0;
      cpuUs += e.tdur ?? 0;
      let w = stamps.length - 1;
      while (w >= 0 && stamps[w] > (e.ts ?? 0) + (e.dur ?? 0)) w--; // the flush whose window the task ends in
      if (w >= 0) {
        perFlush.wall[w] += (e.dur ?? 0) / 1000;
        perFlush.cpu[w] += (e.tdur ?? 0) / 1000;
      }
    }
    if (e.name === 'FireAnimationFrame') {
      frames++;
      frameUs += e.dur ?? 0;
    }
    // without a GPU the compositor copies the WebGL canvas back with glReadPixels and waits for SwiftShader
    if (e.name === 'GLES2::ReadPixels') readbackUs += e.dur ?? 0;
  }
  if (process.env.BENCH_BREAKDOWN) {
    const byName = new Map<string, number>();
    for (const e of trace.traceEvents)
      if (e.ph === 'X' && mains.has(`${e.pid}:${e.tid}`)) byName.set(e.name, (byName.get(e.name) ?? 0) + (e.dur ?? 0));
    console.error(
      [...byName]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 12)
        .map(([n, d]) => `${n} ${(d / 1000).toFixed(1)}ms`)
        .join(' | '),
    );
  }
  return { total: us / 1000, cpu: cpuUs / 1000, frames, frameMs: frameUs / 1000, readbackMs: readbackUs / 1000, perFlush };
}

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] * 10) / 10;
};

async function openPage(query: string): Promise<Page> {
  const page: Page = await (
    await browser.newContext({ viewport: { width: 1366, height: 768 }, deviceScaleFactor: DEVICE_SCALE })
  ).newPage();
  await page.goto(`http://127.0.0.1:${port}/?vehicles=${VEHICLES}&${query}`);
  await page.waitForFunction(() => window.carBench?.ready, undefined, { timeout: 120_000 });
  await page.evaluate(() => window.carBench.idle());
  await page.waitForTimeout(1500);
  return page;
}

async function scenario(name: string, query: string, batchSize: number, shot: string, action: 'update' | 'refresh' = 'update') {
  const page = await openPage(query);
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${shot}.png`) });
  const settle = async () => {
    await page.evaluate(() => window.carBench.idle());
    await page.waitForTimeout(300);
  };
  // what the page costs while nothing changes, over a settle window
  const idleMs = (await mainThreadMs(page, settle)).total;
  const sync: number[] = [];
  const total: number[] = [];
  const frames: number[] = [];
  const render: number[] = [];
  const own: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < BATCHES; i++) {
    const m = await mainThreadMs(page, async () => {
      // a refresh follows 3 s of moves: `batchSize` vehicles move, then the refresh runs, in one window
      sync.push(
        await page.evaluate(
          ([n, a]) =>
            a === 'refresh' ? window.carBench.update(n as number) + window.carBench.refreshOverlays() : window.carBench.update(n as number),
          [batchSize, action] as const,
        ),
      );
      await settle();
    });
    total.push(m.total);
    frames.push(m.frames);
    render.push(m.frameMs);
    own.push(m.total - m.readbackMs);
    cpu.push(m.cpu);
  }
  const features = await page.evaluate(() => window.carBench.features());
  await page.context().close();
  return {
    scenario: name,
    vehicles: VEHICLES,
    batchSize,
    arrowsShown: features,
    /** the update call itself: store → typed arrays (the GPU upload happens in the next frame) */
    syncMs: { median: pct(sync, 0.5), p95: pct(sync, 0.95) },
    /** every main-thread task from the update until the map is idle again (frames, overlay refreshes that fell in the window) */
    mainThreadMs: { median: pct(total, 0.5), p95: pct(total, 0.95), max: pct(total, 1) },
    /** the same tasks' thread CPU time (tdur): what the page itself burnt, less other processes preempting it */
    mainThreadCpuMs: { median: pct(cpu, 0.5), p95: pct(cpu, 0.95) },
    /** the same without the compositor's glReadPixels wait (software compositing only) */
    mainThreadWithoutReadbackMs: { median: pct(own, 0.5), p95: pct(own, 0.95) },
    /** of which drawing the map (requestAnimationFrame callbacks) */
    renderMs: { median: pct(render, 0.5), p95: pct(render, 0.95) },
    framesPerBatch: pct(frames, 0.5),
    idleWindowMs: Math.round(idleMs * 10) / 10,
  };
}

/**
 * The fleet as it really arrives: every vehicle once per 10 s, as a flush of VEHICLES/40 every
 * 250 ms, for LIVE_SECONDS of wall time. Everything on the main thread is counted (flushes,
 * frames, the clusters/labels refresh every 3 s, readback), then divided by the flushes.
 */
async function liveStream(query: string) {
  const page = await openPage(query);
  const flushes = Math.round(LIVE_SECONDS * 4);
  const batch = Math.round(VEHICLES / 40);
  const m = await mainThreadMs(page, () =>
    page.evaluate(
      ({ flushes, batch }) =>
        new Promise<void>((resolve) => {
          let n = 0;
          const timer = setInterval(() => {
            console.timeStamp('car-flush');
            window.carBench.update(batch);
            if (++n === flushes) {
              clearInterval(timer);
              setTimeout(resolve, 300);
            }
          }, 250);
        }),
      { flushes, batch },
    ),
  );
  await page.context().close();
  const r = (x: number) => Math.round(x * 10) / 10;
  return {
    scenario: `live stream, ${LIVE_SECONDS} s`,
    query,
    flushes,
    batchSize: batch,
    mainThreadMsTotal: r(m.total),
    perFlushMs: r(m.total / flushes),
    perFlushCpuMs: r(m.cpu / flushes),
    perSecondMs: r(m.total / (LIVE_SECONDS + 0.3)),
    /** each flush's window (until the next flush starts): median / p95 / max, wall and CPU */
    perFlushWindowMs: { median: pct(m.perFlush.wall, 0.5), p95: pct(m.perFlush.wall, 0.95), max: pct(m.perFlush.wall, 1) },
    perFlushWindowCpuMs: { median: pct(m.perFlush.cpu, 0.5), p95: pct(m.perFlush.cpu, 0.95), max: pct(m.perFlush.cpu, 1) },
    readbackMsTotal: r(m.readbackMs),
    perFlushWithoutReadbackMs: r((m.total - m.readbackMs) / flushes),
    frames: m.frames,
    frameMsTotal: r(m.frameMs),
  };
}

if (SHOTS) fs.mkdirSync(SHOTS, { recursive: true });
const runs = [];
for (const compositor of COMPOSITORS) {
  browser = await launchFor(compositor);
  const probe = await openPage('zoom=4');
  const gpu = await gpuInfo(probe);
  await probe.context().close();
  const city = 'zoom=13&lon=114.06&lat=22.55&spread=0.3';
  const results = [
    await scenario('country view (clustered)', 'zoom=4', VEHICLES, `${compositor}-country`),
    await scenario('city view zoom 13', city, VEHICLES, `${compositor}-city`),
    // 10 000 vehicles every 10 s arrive as ~250 changes per 250 ms flush
    await scenario('city view zoom 13, live stream flush', city, Math.round(VEHICLES / 40), `${compositor}-city-flush`),
    await scenario(
      'city view zoom 10 (clusters and arrows)',
      'zoom=10&lon=114.06&lat=22.55&spread=0.3',
      Math.round(VEHICLES / 40),
      `${compositor}-city-z10`,
    ),
    // the low-frequency half: 3 000 vehicles move (3 s of the live stream), then the clusters and labels refresh, in one window
    await scenario(
      `city view zoom 13, ${REFRESH_MOVES} moved then clusters and labels refresh`,
      city,
      REFRESH_MOVES,
      `${compositor}-city-refresh`,
      'refresh',
    ),
    await liveStream(city),
    // the same stream zoomed out to clusters: the 3-s refresh then rebuilds the clusters
    await liveStream('zoom=10&lon=114.06&lat=22.55&spread=0.3'),
  ];
  await browser.close();
  runs.push({ compositor, flags: FLAGS[compositor], gpu, results });
}
server.close();
fs.rmSync(outDir, { recursive: true, force: true });
console.log(JSON.stringify({ bench: 'car-map', cpus: os.cpus().length, loadAverage: os.loadavg()[0], runs }, null, 2));
