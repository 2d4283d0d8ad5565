// Issue 5 "Done when", end to end: the real server on a scratch PostgreSQL database, 10 000
// simulated terminals (`npm run simulate`) registered to the admin account through the import API,
// and Chromium logged in as that operator on the monitoring page. Prints JSON; screenshots go to
// --shots (default bench/fleet-10k-shots). Needs `npm run build:web` first.
//   flock /tmp/chelian-bench.lock node --import tsx bench/fleet-10k.bench.ts [--count 10000] [--live-seconds 30] [--alarm-rate 1] [--shots dir] [--trace file.json] [--skip-day]
// After watch and replay, the operator's day (bench/support/fleetOperator.ts): follow, handle an
// alarm, command one vehicle and ~1 100, fence a moving vehicle; --skip-day leaves it out.
// Chromium composites on SwiftShader behind ANGLE (`--use-angle=swiftshader --enable-unsafe-swiftshader`,
// as bench/car-map.bench.ts's "gpu" mode), not `--disable-gpu`.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { chromium, type Page } from 'playwright-core';
import { cityByName, planTerminals } from '@chelian/simulator';
import { cpuMs, loadAverage, MB, rssBytes } from './support/procStats.ts';
import { freePort } from '../apps/server/src/testing/freePort.ts';
import { summariseTrace, TRACE_CATEGORIES } from './support/traceSummary.ts';
import { command, fence, follow, handleAlarm, type Operator, type Step, type Vehicle } from './support/fleetOperator.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const COUNT = arg('count', 10_000);
const LIVE_SECONDS = arg('live-seconds', 30);
/** the simulator's random-alarm multiplier (0: no alarms), to tell the alarm pop-ups' share of the page's cost */
const ALARM_RATE = arg('alarm-rate', 1);
const shotsAt = process.argv.indexOf('--shots');
const repo = path.resolve(import.meta.dirname, '..');
const SHOTS = shotsAt >= 0 ? process.argv[shotsAt + 1] : path.join(repo, 'bench/fleet-10k-shots');
/** --trace file: after the measured window, a further 10 s Chromium trace (what restyles the page, with JS stacks), summarised into the result */
const traceAt = process.argv.indexOf('--trace');
const TRACE = traceAt >= 0 ? path.resolve(process.argv[traceAt + 1]) : null;
const SKIP_DAY = process.argv.includes('--skip-day');
const PASSWORD = 'Fleet-10k-Admin';
const ADMIN_DB = 'postgres://postgres@127.0.0.1:5432/test';
const database = `fleet10k_${process.pid}`;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-10k-'));
const children: ChildProcess[] = [];
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const log = (m: string) => console.error(`[${new Date().toISOString().slice(11, 19)}] ${m}`);

async function sql(text: string) {
  const client = new pg.Client(ADMIN_DB);
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

let cleaned = false;
async function cleanup() {
  if (cleaned) return;
  cleaned = true;
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  await Promise.all(
    children.map((c) =>
      c.exitCode !== null
        ? null
        : new Promise((r) => {
            const t = setTimeout(() => (c.kill('SIGKILL'), r(null)), 10_000);
            c.once('exit', () => (clearTimeout(t), r(null)));
          }),
    ),
  );
  await sql(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch((e) => log(`drop failed: ${e}`));
  fs.rmSync(dir, { recursive: true, force: true });
}
const LIMIT_MIN = SKIP_DAY ? 15 : 28;
const deadline = setTimeout(() => {
  log(`time limit (${LIMIT_MIN} min) reached`);
  void cleanup().then(() => process.exit(3));
}, LIMIT_MIN * 60_000);
process.on('SIGINT', () => void cleanup().then(() => process.exit(130)));

async function call<T>(base: string, p: string, init: RequestInit = {}) {
  const res = await fetch(`${base}${p}`, init);
  return (await res.json()) as { flag: number; msg: string; obj: T };
}

async function apiLogin(base: string): Promise<string> {
  const config = await call<{ publicKey: string }>(base, '/oauthToken/getConfig');
  const cipher = crypto
    .publicEncrypt({ key: config.obj.publicKey, padding: crypto.constants.RSA_PKCS1_PADDING }, Buffer.from(PASSWORD))
    .toString('base64');
  const r = await call<{ sessionId: string }>(base, '/oauth/v4/token', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'admin', password: cipher }),
  });
  if (r.flag !== 1) throw new Error(`login failed: ${r.msg}`);
  return r.obj.sessionId;
}

const city = cityByName('深圳')!;
const specs = planTerminals({ count: COUNT, protocol: 'mixed', cities: [city], seed: 1 });

/** Rows one import takes (MAX_IMPORT_ROWS in apps/server/src/modules/terminals/sheetRows.ts). */
const SHEET_ROWS = 10_000;

/** Registers the simulator's terminals (same plan as `npm run simulate -- --seed 1 --city 深圳`) with the import API, 10 000 rows per sheet. */
async function importFleet(base: string, sessionId: string) {
  for (let i = 0; i < specs.length; i += SHEET_ROWS) {
    const rows = specs.slice(i, i + SHEET_ROWS).map((s) => `${s.id},${s.protocol},${s.plate}`);
    const form = new FormData();
    form.append('file', new Blob([`设备号,协议,车牌号\n${rows.join('\n')}\n`], { type: 'text/csv' }), 'fleet.csv');
    const r = await call<{ total: number; vehicles: number }>(base, '/car/v4/api/vehicle/import.json', {
      method: 'POST',
      headers: { sessionId },
      body: form,
    });
    if (r.flag !== 1) throw new Error(`import failed: ${r.msg}`);
    log(`imported ${r.obj.vehicles}/${r.obj.total}`);
  }
}

type MapEl = HTMLElement & {
  maplibre: {
    getLayer(id: string): { implementation: { drawnLngLat(id: number): [number, number] | null } };
    jumpTo(o: { center: [number, number]; zoom: number }): void;
  };
};
const drawnAt = (page: Page, ids: number[]) =>
  page.evaluate((list) => {
    const el = document.querySelector('[data-testid="car-map"] .cl-map-canvas') as unknown as MapEl;
    return list.map((id) => el.maplibre.getLayer('car-vehicle-arrow').implementation.drawnLngLat(id));
  }, ids);

interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>;
  samples: number[];
  timeDeltas: number[];
}
/** Self time per function (name @ file:line) from a CDP sampling profile, largest first. */
function topSelfTime(profile: CpuProfile, n: number): Record<string, number> {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const f = byNode.get(id)!.callFrame;
    const key = `${f.functionName || '(anonymous)'} @ ${f.url.split('/').pop() || '-'}:${f.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return Object.fromEntries(
    [...self]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => [k, Math.round(v)]),
  );
}

async function vehicleIdOf(page: Page, plate: string): Promise<number> {
  await page.getByTestId('tree-search').fill(plate);
  const row = page.locator('[data-testid="tree-vehicle"]').first();
  await row.waitFor({ timeout: 20_000 });
  return Number(await row.getAttribute('data-vehicle-id'));
}

/** The first vehicle from specs[from] on that the tree shows moving (searched by terminal id). */
async function movingVehicle(page: Page, from: number): Promise<Vehicle> {
  for (let i = from; i < Math.min(from + 60, specs.length); i++) {
    await page.getByTestId('tree-search').fill(specs[i].id);
    const row = page.locator('[data-testid="tree-vehicle"]').first();
    await row.waitFor({ timeout: 20_000 });
    if ((await row.getAttribute('data-state')) === 'moving')
      return { vehicleId: Number(await row.getAttribute('data-vehicle-id')), plate: specs[i].plate!, terminalId: specs[i].id };
  }
  throw new Error(`no moving vehicle among specs ${from}…`);
}

async function main() {
  fs.mkdirSync(SHOTS, { recursive: true });
  await sql(`CREATE DATABASE ${database}`);
  const [port, jt808, gt06, h02] = [await freePort(), await freePort(), await freePort(), await freePort()];
  const base = `http://127.0.0.1:${port}`;
  const serverLog = fs.openSync(path.join(dir, 'server.log'), 'a');
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repo,
    env: {
      ...process.env,
      TERMINAL_AUTO_REGISTER: '1',
      DATA_DIR: path.join(dir, 'data'),
      CHELIAN_ADMIN_PASSWORD: PASSWORD,
      PORT: String(port),
      HOST: '127.0.0.1',
      JT808_PORT: String(jt808),
      GT06_PORT: String(gt06),
      H02_PORT: String(h02),
      WATCH_PORT: '0',
      DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${database}`,
      NATS_URL: '',
      // the simulator's 10 000 terminals all dial from 127.0.0.1
      MAX_CONNECTIONS_PER_ADDRESS: '0',
    },
    stdio: ['ignore', serverLog, serverLog],
  });
  children.push(server);
  for (let i = 0; ; i++) {
    if (server.exitCode !== null) throw new Error(`server exited: ${fs.readFileSync(path.join(dir, 'server.log'), 'utf8').slice(-2000)}`);
    if (
      await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 240) throw new Error('server not healthy in 120 s');
    await pause(500);
  }
  log('server up');
  const sessionId = await apiLogin(base);
  const importStart = Date.now();
  await importFleet(base, sessionId);
  const importMs = Date.now() - importStart;

  const simLog = fs.openSync(path.join(dir, 'sim.log'), 'a');
  const sim = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'packages/simulator/src/cli.ts',
      '--count',
      String(COUNT),
      '--protocol',
      'mixed',
      '--host',
      '127.0.0.1',
      '--interval',
      '10',
      '--city',
      '深圳',
      '--seed',
      '1',
      '--alarm-rate',
      String(ALARM_RATE),
      '--jt808-port',
      String(jt808),
      '--gt06-port',
      String(gt06),
      '--h02-port',
      String(h02),
    ],
    { cwd: repo, stdio: ['ignore', simLog, simLog] },
  );
  children.push(sim);
  const simStart = Date.now();

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--use-angle=swiftshader',
      '--enable-unsafe-swiftshader',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'zh-CN' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${base}/login`);
    await page.locator('#username').fill('admin');
    await page.locator('#password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((u) => u.pathname === '/home', { timeout: 30_000 });
    const pageStart = Date.now();
    await page.goto(`${base}/child/car/monitor`);
    await page.locator('[data-testid="car-map"][data-map-ready="true"]').waitFor({ timeout: 90_000 });
    const counts = async () =>
      page.evaluate(() =>
        Object.fromEntries(
          [...document.querySelectorAll('[data-testid^="state-count-"]')].map((e) => [
            e.getAttribute('data-testid')!.slice(12),
            Number(e.getAttribute('data-count')),
          ]),
        ),
      );
    let treeAll = 0;
    let allSeenMs = NaN;
    let onlineSeenMs = NaN;
    for (let t = 0; t < 240; t++) {
      const c = await counts();
      treeAll = c.all ?? 0;
      const online = (c.moving ?? 0) + (c.stopped ?? 0) + (c.alarm ?? 0);
      if (treeAll >= COUNT && Number.isNaN(allSeenMs)) allSeenMs = Date.now() - pageStart;
      if (online >= COUNT * 0.99 && Number.isNaN(onlineSeenMs)) {
        onlineSeenMs = Date.now() - simStart;
        break;
      }
      await pause(1000);
    }
    const countsOnline = await counts();
    log(`tree ${JSON.stringify(countsOnline)} after ${Math.round((Date.now() - simStart) / 1000)} s of simulation`);
    await page.waitForTimeout(3000);
    await page.screenshot({ path: path.join(SHOTS, 'monitor-default.png') });

    // a few vehicles sampled across the fleet, and their drawn positions over LIVE_SECONDS
    const sample = [0, 1, 2, Math.floor(COUNT / 2), COUNT - 1].map((i) => specs[i]);
    const ids: number[] = [];
    for (const s of sample) ids.push(await vehicleIdOf(page, s.plate!));
    await page.getByTestId('tree-search').fill('');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const metric = async () =>
      Object.fromEntries(
        ((await cdp.send('Performance.getMetrics')) as { metrics: Array<{ name: string; value: number }> }).metrics.map((m) => [
          m.name,
          m.value,
        ]),
      );
    const before = await drawnAt(page, ids);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 1000 });
    await cdp.send('Profiler.start');
    const m0 = await metric();
    const s0 = cpuMs(server.pid!);
    const sim0 = cpuMs(sim.pid!);
    const w0 = Date.now();
    await page.waitForTimeout(LIVE_SECONDS * 1000);
    const m1 = await metric();
    const wall = (Date.now() - w0) / 1000;
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
    const serverCpu = (cpuMs(server.pid!) - s0) / 1000 / wall;
    const simCpu = (cpuMs(sim.pid!) - sim0) / 1000 / wall;
    const after = await drawnAt(page, ids);
    let trace: ReturnType<typeof summariseTrace> | null = null;
    if (TRACE) {
      await browser.startTracing(page, { path: TRACE, categories: TRACE_CATEGORIES });
      await page.waitForTimeout(10_000);
      await browser.stopTracing();
      const raw = JSON.parse(fs.readFileSync(TRACE, 'utf8'));
      trace = summariseTrace(Array.isArray(raw) ? raw : raw.traceEvents);
    }
    const moved = sample.map((s, i) => ({
      plate: s.plate,
      vehicleId: ids[i],
      before: before[i],
      after: after[i],
      moved: !!before[i] && !!after[i] && (before[i]![0] !== after[i]![0] || before[i]![1] !== after[i]![1]),
    }));

    // zoomed out (clusters), then in on the first sampled vehicle (plates)
    const at = after[0] ?? before[0] ?? [114.06, 22.55];
    const jump = (c: [number, number], zoom: number) =>
      page.evaluate(
        ([x, y, z]) =>
          (document.querySelector('[data-testid="car-map"] .cl-map-canvas') as unknown as MapEl).maplibre.jumpTo({
            center: [x, y],
            zoom: z,
          }),
        [c[0], c[1], zoom],
      );
    await jump(at, 11);
    await page.waitForTimeout(4000);
    await page.screenshot({ path: path.join(SHOTS, 'monitor-clusters.png') });
    await jump(at, 16);
    await page.waitForTimeout(4000);
    await page.screenshot({ path: path.join(SHOTS, 'monitor-plates.png') });

    // one vehicle's dialog
    await page.getByTestId('tree-search').fill(sample[0].plate!);
    await page.locator(`[data-testid="tree-vehicle"][data-vehicle-id="${ids[0]}"]`).click();
    const dialog = page.locator('.cl-vehicle-dialog');
    await dialog.getByTestId('car-vehicle-panel').waitFor({ timeout: 20_000 });
    await page.waitForTimeout(3000);
    await page.screenshot({ path: path.join(SHOTS, 'monitor-dialog.png') });
    const dialogText = (await dialog.innerText()).replace(/\s+/g, ' ').slice(0, 400);

    // its playback since the simulation began
    const playback = await context.newPage();
    await playback.goto(
      `${base}/child/car/playback?urlType=blank&vehicleId=${ids[0]}&start=${simStart - 60_000}&end=${Date.now() + 60_000}`,
    );
    const playbackStart = Date.now();
    // the vehicle picker names the vehicle by plate (timed on its own, not after the map)
    const pickerNamed = playback
      .getByTestId('vehicle-picker')
      .getByText(sample[0].plate!)
      .waitFor({ timeout: 60_000 })
      .then(
        () => Date.now() - playbackStart,
        () => NaN,
      );
    await playback.locator('[data-testid="playback-map"][data-map-ready="true"]').waitFor({ timeout: 60_000 });
    const playbackMapReadyMs = Date.now() - playbackStart;
    const pickerShowsPlate = await pickerNamed;
    await playback.waitForTimeout(3000);
    await playback.screenshot({ path: path.join(SHOTS, 'playback.png') });
    const playbackSummary = (
      await playback
        .getByTestId('playback-summary')
        .innerText()
        .catch(() => '')
    ).replace(/\s+/g, ' ');

    // the operator's day, with the fleet live; the monitoring tab stays open throughout
    const day: Record<string, Step> = {};
    if (!SKIP_DAY) {
      const op: Operator = { context, base, sessionId, shots: SHOTS };
      const followed = await movingVehicle(page, 10);
      const fenced = await movingVehicle(page, 100);
      const commanded = { vehicleId: 0, plate: specs[7].plate!, terminalId: specs[7].id };
      await page.getByTestId('tree-search').fill('');
      log(`day: follow ${followed.plate}, fence ${fenced.plate}`);
      day.follow = await follow(op, followed);
      log(`follow ${JSON.stringify(day.follow)}`);
      day.alarm = await handleAlarm(op);
      log(`alarm ${JSON.stringify(day.alarm)}`);
      day.command = await command(op, commanded, '粤B1');
      log(`command ${JSON.stringify(day.command)}`);
      day.fence = await fence(op, fenced);
      log(`fence ${JSON.stringify(day.fence)}`);
    }

    const result = {
      vehicles: COUNT,
      importMs,
      monitorAllInTreeMs: allSeenMs,
      simulationToOnlineMs: onlineSeenMs,
      tree: countsOnline,
      treeAll,
      moved,
      liveWindowSeconds: Math.round(wall * 10) / 10,
      mainThreadBusyFraction: Math.round(((m1.TaskDuration - m0.TaskDuration) / wall) * 1000) / 1000,
      ...Object.fromEntries(
        ['ScriptDuration', 'RecalcStyleDuration', 'LayoutDuration'].map((k) => [
          `${k}PerSecond`,
          Math.round(((m1[k] - m0[k]) / wall) * 1000) / 1000,
        ]),
      ),
      topScriptSelfMs: topSelfTime(profile, 12),
      jsHeapUsedMB: MB(m1.JSHeapUsedSize),
      serverRssMB: MB(rssBytes(server.pid!)),
      serverCpuCores: Math.round(serverCpu * 100) / 100,
      simulatorRssMB: MB(rssBytes(sim.pid!)),
      simulatorCpuCores: Math.round(simCpu * 100) / 100,
      dialogText,
      playbackSummary,
      playbackPickerShowsPlateMs: pickerShowsPlate,
      playbackMapReadyMs,
      day,
      pageErrors: errors,
      trace,
      loadAverage: loadAverage(),
      simulatorStatus: fs.readFileSync(path.join(dir, 'sim.log'), 'utf8').trim().split('\n').slice(-1)[0],
    };
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await browser.close();
  }
}

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  clearTimeout(deadline);
  await cleanup();
}
