// Main-thread time per update batch of the monitoring map in real Chromium: the car app's own
// MapView + VehiclesLayer + FleetStore (bench/car-map/main.tsx) with 10 000 moving vehicles.
// Prints JSON. Run: node --import tsx bench/car-map.bench.ts [--vehicles 10000] [--batches 15]
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { chromium, type Page } from 'playwright-core';

// the page's hooks (bench/car-map/main.tsx), as the browser sees them
declare global {
  interface Window {
    carBench: { update(n: number): number; idle(): Promise<void>; ready: boolean; features(): number };
  }
}

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const VEHICLES = arg('vehicles', 10_000);
const BATCHES = arg('batches', 15);
const repo = path.resolve(import.meta.dirname, '..');

const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'car-map-bench-'));
await build({
  root: path.join(repo, 'bench/car-map'),
  plugins: [react()],
  logLevel: 'warn',
  resolve: { alias: { '@chelian/contracts': path.join(repo, 'packages/contracts/src/index.ts') } },
  build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 5000 },
});

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css', '.geojson': 'application/geo+json' };
const server = http.createServer((req, res) => {
  const file = path.join(outDir, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
  const target = fs.existsSync(file) && fs.statSync(file).isFile() ? file : path.join(outDir, 'index.html');
  res.writeHead(200, { 'content-type': TYPES[path.extname(target)] ?? 'application/octet-stream' });
  fs.createReadStream(target).pipe(res);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const port = (server.address() as { port: number }).port;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  args?: { name?: string };
}

/**
 * Runs `during` under Chromium's tracer and sums the top-level tasks of the page's main thread
 * (CrRendererMain): the time the operator's UI could not respond. Map workers are not counted.
 */
async function mainThreadMs(page: Page, during: () => Promise<void>): Promise<{ total: number; frames: number; frameMs: number; readbackMs: number }> {
  await browser.startTracing(page, { categories: process.env.BENCH_CATEGORIES?.split(',') ?? ['toplevel', 'devtools.timeline', 'gpu'] });
  await during();
  const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
  const mains = new Set(trace.traceEvents.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  let us = 0;
  let frames = 0;
  let frameUs = 0;
  let readbackUs = 0;
  for (const e of trace.traceEvents) {
    if (e.ph !== 'X' || !mains.has(`${e.pid}:${e.tid}`)) continue;
    if (e.name === 'ThreadControllerImpl::RunTask' || e.name === 'RunTask') us += e.dur ?? 0;
    if (e.name === 'FireAnimationFrame') {
      frames++;
      frameUs += e.dur ?? 0;
    }
    // without a GPU the compositor copies the WebGL canvas back with glReadPixels and waits for SwiftShader
    if (e.name === 'GLES2::ReadPixels') readbackUs += e.dur ?? 0;
  }
  if (process.env.BENCH_BREAKDOWN) {
    const byName = new Map<string, number>();
    for (const e of trace.traceEvents) if (e.ph === 'X' && mains.has(`${e.pid}:${e.tid}`)) byName.set(e.name, (byName.get(e.name) ?? 0) + (e.dur ?? 0));
    console.error([...byName].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([n, d]) => `${n} ${(d / 1000).toFixed(1)}ms`).join(' | '));
  }
  return { total: us / 1000, frames, frameMs: frameUs / 1000, readbackMs: readbackUs / 1000 };
}

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] * 10) / 10;
};

async function scenario(name: string, query: string, batchSize: number) {
  const page: Page = await (await browser.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
  await page.goto(`http://127.0.0.1:${port}/?vehicles=${VEHICLES}&${query}`);
  await page.waitForFunction(() => window.carBench?.ready, undefined, { timeout: 120_000 });
  await page.evaluate(() => window.carBench.idle());
  await page.waitForTimeout(1500);
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
  for (let i = 0; i < BATCHES; i++) {
    const m = await mainThreadMs(page, async () => {
      sync.push(await page.evaluate((n) => window.carBench.update(n), batchSize));
      await settle();
    });
    total.push(m.total);
    frames.push(m.frames);
    render.push(m.frameMs);
    own.push(m.total - m.readbackMs);
  }
  const features = await page.evaluate(() => window.carBench.features());
  await page.context().close();
  return {
    scenario: name, vehicles: VEHICLES, batchSize, renderedFeatures: features,
    /** the update call itself: store → source diff → postMessage */
    syncMs: { median: pct(sync, 0.5), p95: pct(sync, 0.95) },
    /** every main-thread task from the update until the map is idle again (re-render included) */
    mainThreadMs: { median: pct(total, 0.5), p95: pct(total, 0.95) },
    /** the same without the compositor's software-GL readback wait (absent with a GPU) */
    mainThreadWithoutReadbackMs: { median: pct(own, 0.5), p95: pct(own, 0.95) },
    /** of which drawing the map (requestAnimationFrame callbacks; WebGL is software-rendered here) */
    renderMs: { median: pct(render, 0.5), p95: pct(render, 0.95) },
    framesPerBatch: pct(frames, 0.5),
    idleWindowMs: Math.round(idleMs * 10) / 10,
  };
}

const results = [
  await scenario('country view (clustered)', 'zoom=4', VEHICLES),
  await scenario('city view zoom 13', 'zoom=13&lon=114.06&lat=22.55&spread=0.3', VEHICLES),
  // 10 000 vehicles every 10 s arrive as ~250 changes per 250 ms flush
  await scenario('city view zoom 13, live stream flush', 'zoom=13&lon=114.06&lat=22.55&spread=0.3', Math.round(VEHICLES / 40)),
];
await browser.close();
server.close();
fs.rmSync(outDir, { recursive: true, force: true });
console.log(JSON.stringify({ bench: 'car-map', chromium: 'headless, SwiftShader WebGL', cpus: os.cpus().length, loadAverage: os.loadavg()[0], results }, null, 2));
