/**
 * The demo fleet the agreement test (e2e/agreement.e2e.ts) reads: a `--demo` server under tsx on
 * free ports and a fresh DATA_DIR — on PGlite, or on PostgreSQL in a database of its own (created
 * here, dropped on stop, so the PostgreSQL suite's databases and this one never meet). `npm test`
 * starts them at its very beginning (demoFleet.cli.ts), so by the time the browser suite runs the
 * fleet has driven for as long as the suites before it took; the test starts one itself when
 * none was handed to it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../apps/server/src/testing/freePort.ts';
import { databaseUrl, onServer } from '../../apps/server/src/testing/testDb.ts';

const repo = path.resolve(import.meta.dirname, '../..');

export type Engine = 'pglite' | 'postgres';

/** A running demo server, as the agreement test needs it (JSON: it crosses processes). */
export interface DemoFleetInfo {
  engine: Engine;
  baseUrl: string;
  /** When the simulated terminals started driving (ms since epoch): the fleet's age is measured from it. */
  startedAt: number;
  adminPassword: string;
  demoPassword: string;
  serverLog: string;
}

export interface DemoFleet extends DemoFleetInfo {
  stop(): Promise<void>;
}

/** The env var naming the JSON file of the fleets `npm test` started (an array of DemoFleetInfo). */
export const FLEETS_FILE_ENV = 'AGREEMENT_FLEETS_FILE';

const ADMIN_PASSWORD = 'Agree-Admin-2026';
const DEMO_PASSWORD = 'Agree2026demo';
/** What demo mode logs once every part has seeded and its terminals drive (demo/demo.ts). */
const DEMO_STARTED = '演示模式已启动';

async function waitForLog(logFile: string, child: ChildProcess, text: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`demo server exited with code ${child.exitCode}`);
    if (fs.existsSync(logFile) && fs.readFileSync(logFile, 'utf8').includes(text)) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`demo server did not log "${text}" within ${timeoutMs} ms`);
}

/**
 * Starts a demo server and resolves once its fleet drives. On PostgreSQL `serverUrl` (else
 * DATABASE_URL) is the server to create the fleet's own database on (its database part is replaced).
 */
export async function startDemoFleet(
  engine: Engine,
  opts: { serverUrl?: string; signal?: AbortSignal; env?: Record<string, string> } = {},
): Promise<DemoFleet> {
  const serverUrl = opts.serverUrl ?? process.env.DATABASE_URL;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `chelian-agreement-${engine}-`));
  const serverLog = path.join(dir, 'server.log');
  let dbUrl = '';
  let database = '';
  if (engine === 'postgres') {
    if (!serverUrl) throw new Error('the PostgreSQL demo fleet needs DATABASE_URL');
    database = `chelian_agreement_${randomBytes(4).toString('hex')}`;
    await onServer(serverUrl, (c) => c.query(`CREATE DATABASE ${database}`));
    dbUrl = databaseUrl(serverUrl, database);
  }
  const [port, jt808, gt06, h02, watch] = [await freePort(), await freePort(), await freePort(), await freePort(), await freePort()];
  const out = fs.openSync(serverLog, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', '--demo'], {
    cwd: repo,
    env: {
      ...process.env,
      DATA_DIR: path.join(dir, 'data'),
      CHELIAN_ADMIN_PASSWORD: ADMIN_PASSWORD,
      CHELIAN_DEMO_PASSWORD: DEMO_PASSWORD,
      PORT: String(port),
      HOST: '127.0.0.1',
      JT808_PORT: String(jt808),
      GT06_PORT: String(gt06),
      H02_PORT: String(h02),
      WATCH_PORT: String(watch),
      DATABASE_URL: dbUrl,
      NATS_URL: '',
      REDIS_URL: '',
      // the test logs in as three users, a few times each, on a machine busy with other suites
      RATE_LIMIT_LOGIN_PER_SECOND: '0',
      ...opts.env,
    },
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  // told to stop while it seeds: the wait below sees it exit, and the database is dropped
  opts.signal?.addEventListener('abort', () => child.kill('SIGKILL'), { once: true });
  const baseUrl = `http://127.0.0.1:${port}`;
  const dropDatabase = async () => {
    if (database && serverUrl)
      await onServer(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)).catch(() => {});
  };
  try {
    await waitForLog(serverLog, child, DEMO_STARTED, 600_000);
  } catch (error) {
    child.kill('SIGKILL');
    await dropDatabase();
    throw new Error(`${engine} demo fleet: ${(error as Error).message}\n${fs.readFileSync(serverLog, 'utf8').slice(-3000)}`);
  }
  const startedAt = Date.now();
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => (child.kill('SIGKILL'), resolve()), 15_000);
        child.once('exit', () => (clearTimeout(timer), resolve()));
      });
    }
    await dropDatabase();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return { engine, baseUrl, startedAt, adminPassword: ADMIN_PASSWORD, demoPassword: DEMO_PASSWORD, serverLog, stop };
}

/** The fleets `npm test` started, once their file is written (it is written once both drive). */
export async function handedFleets(timeoutMs = 600_000): Promise<DemoFleetInfo[] | undefined> {
  const file = process.env[FLEETS_FILE_ENV];
  if (!file) return undefined;
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (fs.existsSync(file)) {
      const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as { fleets?: DemoFleetInfo[]; error?: string };
      if (parsed.error) throw new Error(`the demo fleets did not start: ${parsed.error}`);
      return parsed.fleets ?? [];
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`no demo fleets in ${file} after ${timeoutMs} ms`);
}
