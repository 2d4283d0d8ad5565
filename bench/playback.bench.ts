// A 30-day track at 10-second intervals (~260 000 points) from PostgreSQL into the playback page
// in real Chromium: from the query until the route is drawn. Needs a PostgreSQL server:
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/playback.bench.ts [--days 30]
// A scratch database is created and dropped. The web app must be built (npm run build -w apps/web).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { loadConfig } from '../apps/server/src/config.ts';
import { createLogger } from '../apps/server/src/log.ts';
import { startServer } from '../apps/server/src/server.ts';
import { seedFleet, seedTrack } from './support/seedFleet.ts';

const i = process.argv.indexOf('--days');
const DAYS = i >= 0 ? Number(process.argv[i + 1]) : 30;
const admin = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `chelian_bench_${Date.now()}`;
const root = new pg.Client({ connectionString: admin });
await root.connect();
await root.query(`CREATE DATABASE ${dbName}`);
const url = new URL(admin);
url.pathname = `/${dbName}`;
const PASSWORD = 'Bench#2026pw';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'playback-bench-'));

const config = loadConfig({ DATABASE_URL: url.toString(), DATA_DIR: dataDir, CHELIAN_ADMIN_PASSWORD: PASSWORD, PORT: '0', HOST: '127.0.0.1', JT808_PORT: '0', GT06_PORT: '0', H02_PORT: '0' }, []);
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
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const page = await (await browser.newContext({ viewport: { width: 1366, height: 768 }, reducedMotion: 'reduce' })).newPage();
const base = `http://127.0.0.1:${port}`;
await page.goto(`${base}/login`);
await page.locator('#username').fill('admin');
await page.locator('#password').fill(PASSWORD);
await page.getByTestId('login-submit').click();
await page.waitForURL((u) => u.pathname === '/home');
const end = Date.now() + 60_000;
const start = end - (DAYS + 0.5) * 86_400_000;
await page.goto(`${base}/child/car/playback?urlType=blank&vehicleId=${vehicle.vehicleId}&start=${start}&end=${end}`);
const el = page.getByTestId('car-playback');
await page.waitForFunction(() => Number(document.querySelector('[data-testid="car-playback"]')?.getAttribute('data-loads')) >= 1, undefined, { timeout: 180_000 });
await page.locator('[data-testid="playback-map"][data-map-ready="true"]').waitFor();

const runs: Array<{ fetchParseMs: number; drawnMs: number }> = [];
for (let run = 0; run < 3; run++) {
  const loads = Number(await el.getAttribute('data-loads'));
  const t0 = Date.now();
  await page.getByTestId('playback-query').click();
  await page.waitForFunction((n) => Number(document.querySelector('[data-testid="car-playback"]')?.getAttribute('data-loads')) > n, loads, { timeout: 180_000 });
  // drawn: the map has the route and has finished rendering it
  // (a string: tsx would add helpers the page does not have to a function written here)
  await page.evaluate(`new Promise((resolve) => {
    const map = document.querySelector('[data-testid="playback-map"] .car-map-canvas').maplibre;
    const check = () => (map.getSource('car-route') && map.loaded() ? resolve() : map.once('idle', check));
    check();
  })`);
  runs.push({ fetchParseMs: Number(await el.getAttribute('data-load-ms')), drawnMs: Date.now() - t0 });
}
const shown = Number(await el.getAttribute('data-points'));
await browser.close();
await server.close();
await root.query(`DROP DATABASE ${dbName} WITH (FORCE)`);
await root.end();
fs.rmSync(dataDir, { recursive: true, force: true });
console.log(JSON.stringify({ bench: 'playback', days: DAYS, points, shownPoints: shown, seedMs: Math.round(seedMs), cpus: os.cpus().length, loadAverage: Math.round(os.loadavg()[0] * 10) / 10, runs }, null, 2));
process.exit(0);
