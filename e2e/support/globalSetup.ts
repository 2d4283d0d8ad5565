import { spawn, execSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../apps/server/src/testing/freePort.ts';
import { wechatStandIn, type WechatStandIn } from '../../apps/server/src/modules/elecLease/payments/wechatStandIn.ts';
import type { E2eServer } from './e2eServer.ts';
import { e2eServerCount } from './serverCount.ts';

const repo = path.resolve(import.meta.dirname, '../..');
const web = path.join(repo, 'apps/web');
export const ADMIN_PASSWORD = 'E2e-Admin-2024';

function newestMtime(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** Rebuilds apps/web/dist when any source is newer than the built index.html; a WEB_DIST build is left as it is. */
function buildWebIfStale() {
  // a private build (WEB_DIST) is the caller's own: it is served as it is
  if (process.env.WEB_DIST) return;
  const built = path.join(web, 'dist/index.html');
  const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
  const sources = [
    'src',
    'public',
    'child',
    'index.html',
    'vite.config.ts',
    '../../packages/contracts/src',
    '../../scripts/precompress.ts',
  ].map((p) => path.join(web, p));
  if (Math.max(...sources.map(newestMtime)) <= builtAt) return;
  // vitest sets NODE_ENV=test, under which Vite would bundle React's development build
  execSync('npm run build -w apps/web', { cwd: repo, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}

async function waitHealthy(url: string, child: ChildProcess, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server not healthy within ${timeoutMs} ms`);
}

/** Fails fast, with the reason, when the server does not serve the built web app. */
async function checkWebServed(url: string) {
  const html = await (await fetch(`${url}/`)).text();
  const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  if (!script) throw new Error(`GET / did not return the built shell page: ${html.slice(0, 200)}`);
  const res = await fetch(`${url}${script}`);
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || !type.includes('javascript')) {
    throw new Error(
      `the server does not serve the web app's assets: GET ${script} → ${res.status} ${type} ${(await res.text()).slice(0, 120)}`,
    );
  }
}

/** A server on free ports with a fresh DATA_DIR (PGlite), healthy and serving the built web app. */
async function startServer(wechatPay: WechatStandIn): Promise<{ server: E2eServer; stop: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chelian-e2e-'));
  const [port, jt808, gt06, h02, watch] = [await freePort(), await freePort(), await freePort(), await freePort(), await freePort()];
  const serverLog = path.join(dir, 'server.log');
  const out = fs.openSync(serverLog, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repo,
    env: {
      ...process.env,
      DATA_DIR: path.join(dir, 'data'),
      CHELIAN_ADMIN_PASSWORD: ADMIN_PASSWORD,
      PORT: String(port),
      HOST: '127.0.0.1',
      JT808_PORT: String(jt808),
      GT06_PORT: String(gt06),
      H02_PORT: String(h02),
      WATCH_PORT: String(watch),
      DATABASE_URL: '',
      NATS_URL: '',
      // The browser tests' simulated terminals are made up as they come (docs/security.md).
      TERMINAL_AUTO_REGISTER: '1',
      // One SMS per phone per 2 s instead of per minute: the phone test needs three codes.
      SMS_MIN_INTERVAL_SECONDS: '2',
      // Report figures rolled up every 2 s instead of every 5 minutes: the report pages show a drive just made.
      REPORT_ROLLUP_SECONDS: '2',
      // 电单车租赁's clock every 2 s: an overdue contract is marked and locked while the test watches.
      LEASE_JOB_SECONDS: '2',
      // WeChat Pay as a deployment configures it, pointed at the local stand-in (its cashier page notifies this server).
      ...wechatPay.env(`http://127.0.0.1:${port}`),
    },
    stdio: ['ignore', out, out],
  });
  const baseUrl = `http://localhost:${port}`;
  try {
    await waitHealthy(baseUrl, child, 180_000);
    await checkWebServed(baseUrl);
  } catch (error) {
    child.kill('SIGKILL');
    console.error(fs.readFileSync(serverLog, 'utf8').slice(-4000));
    throw error;
  }
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => (child.kill('SIGKILL'), resolve()), 15_000);
      child.once('exit', () => (clearTimeout(timer), resolve()));
    });
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return { server: { baseUrl, port, serverLog, adminPassword: ADMIN_PASSWORD, gt06Port: gt06, watchPort: watch }, stop };
}

export default async function setup(project: TestProject) {
  // An already running server (for debugging the suite): CHELIAN_E2E_URL and its log file.
  if (process.env.CHELIAN_E2E_URL) {
    const url = process.env.CHELIAN_E2E_URL;
    project.provide('servers', [
      {
        baseUrl: url,
        port: Number(new URL(url).port),
        serverLog: process.env.CHELIAN_E2E_LOG ?? '',
        adminPassword: process.env.CHELIAN_E2E_PASSWORD ?? ADMIN_PASSWORD,
        gt06Port: Number(process.env.CHELIAN_E2E_GT06_PORT ?? 5023),
        watchPort: Number(process.env.CHELIAN_E2E_WATCH_PORT ?? 5093),
      },
    ]);
    await checkWebServed(url);
    return;
  }
  buildWebIfStale();
  const wechatPay = await wechatStandIn();
  const started = await Promise.all(Array.from({ length: e2eServerCount() }, () => startServer(wechatPay)));
  project.provide(
    'servers',
    started.map((s) => s.server),
  );
  return async () => {
    await Promise.all(started.map((s) => s.stop()));
    await wechatPay.close();
  };
}
