// What the browser benches (web-load, mobile-load) share: the compiled server with the built web
// app on a fresh data folder, and headless Chromium.
import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { freePort } from '../../apps/server/src/testing/freePort.ts';
import { buildServerOnce } from './buildServer.ts';
import { SERVER_NODE_FLAGS } from '../../apps/server/src/nodeFlags.ts';

const repo = path.resolve(import.meta.dirname, '../..');

export interface BenchServer {
  base: string;
  stop(): Promise<void>;
}

/**
 * The web app built (when `page`, e.g. 'm/index.html', is missing from WEB_DIST or apps/web/dist),
 * the server compiled (not with BENCH_SERVER_BUILT=1: apps/server/dist as it is, e.g. while the tree
 * does not compile), then started on free ports with a fresh data folder and `password` for admin;
 * with `env` added to its environment, and ready once its log holds `readyLog` (when given).
 */
export async function startBenchServer(
  name: string,
  password: string,
  page: string,
  options: { env?: Record<string, string>; readyLog?: string } = {},
): Promise<BenchServer> {
  const webDist = process.env.WEB_DIST ?? path.join(repo, 'apps/web/dist');
  if (!fs.existsSync(path.join(webDist, page))) {
    execSync('npm run build:web', { cwd: repo, stdio: ['ignore', 2, 'inherit'], env: { ...process.env, NODE_ENV: 'production' } });
  }
  if (!process.env.BENCH_SERVER_BUILT) buildServerOnce();

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `chelian-${name}-`));
  const [port, jt808, gt06, h02] = [await freePort(), await freePort(), await freePort(), await freePort()];
  const log = fs.openSync(path.join(dir, 'server.log'), 'a');
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'apps/server/dist/main.js'], {
    cwd: repo,
    env: {
      ...process.env,
      DATA_DIR: path.join(dir, 'data'),
      CHELIAN_ADMIN_PASSWORD: password,
      PORT: String(port),
      HOST: '127.0.0.1',
      JT808_PORT: String(jt808),
      GT06_PORT: String(gt06),
      H02_PORT: String(h02),
      WATCH_PORT: '0',
      DATABASE_URL: '',
      NATS_URL: '',
      ...options.env,
    },
    stdio: ['ignore', log, log],
  });
  const base = `http://localhost:${port}`;
  const ready = async () =>
    (await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    )) &&
    (!options.readyLog || fs.readFileSync(path.join(dir, 'server.log'), 'utf8').includes(options.readyLog));
  for (let i = 0; ; i++) {
    if (await ready()) break;
    if (i > 360 || server.exitCode !== null)
      throw new Error(`server did not start: ${fs.readFileSync(path.join(dir, 'server.log'), 'utf8').slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    base,
    stop: async () => {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Headless Debian Chromium, quiet (no background fetches of its own to blur the figures). */
export function launchBenchChromium(): Promise<Browser> {
  return chromium.launch({
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
}

export const median = (values: number[]) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  return Math.round(sorted[Math.floor(sorted.length / 2)]);
};
