/**
 * The real server as a child process (`node --import tsx apps/server/src/main.ts`) on free
 * ports and a private data folder, for tests that must kill it the hard way. PGlite by default
 * (seeded from the migrated test template); on TEST_ENGINE=postgres a fresh schema of
 * DATABASE_URL's database, passed to the child in the connection string's options.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './freePort.ts';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPglite } from '../db/pglite.ts';
import { pgliteTemplate, TEST_ADMIN_PASSWORD } from './testDb.ts';
import { TEST_METRICS_TOKEN } from './metricsText.ts';
import { SERVER_NODE_FLAGS } from '../nodeFlags.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
/** The PGlite template's admin already has this password; on PostgreSQL the child seeds it. */
export const CHILD_ADMIN_PASSWORD = TEST_ADMIN_PASSWORD;

export interface ServerPorts {
  http: number;
  jt808: number;
  gt06: number;
  h02: number;
  watch: number;
}

export interface ServerSetup {
  ports: ServerPorts;
  env: NodeJS.ProcessEnv;
  /** Removes the data folder (and the PostgreSQL schema). */
  cleanup(): Promise<void>;
}

export async function prepareServer(): Promise<ServerSetup> {
  const ports = { http: await freePort(), jt808: await freePort(), gt06: await freePort(), h02: await freePort(), watch: await freePort() };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chelian-kill-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: String(ports.http),
    JT808_PORT: String(ports.jt808),
    GT06_PORT: String(ports.gt06),
    H02_PORT: String(ports.h02),
    WATCH_PORT: String(ports.watch),
    CHELIAN_ADMIN_PASSWORD: CHILD_ADMIN_PASSWORD,
    LOG_LEVEL: 'warn',
    CHELIAN_DEMO: '',
    DATABASE_URL: '',
    NATS_URL: '',
    METRICS_TOKEN: TEST_METRICS_TOKEN,
    // The tests' terminals are made up as they come (docs/security.md).
    TERMINAL_AUTO_REGISTER: '1',
  };
  let dropSchema = async () => {};
  if (process.env.TEST_ENGINE !== 'postgres') {
    // A migrated copy where the server keeps its PGlite: a fresh one would take many seconds.
    const db = await openPglite(path.join(dataDir, 'pglite'), await pgliteTemplate());
    await db.close();
  } else {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('TEST_ENGINE=postgres needs DATABASE_URL');
    const schema = `kill_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    const child = new URL(url);
    child.searchParams.set('options', `-c search_path=${schema}`);
    env.DATABASE_URL = child.toString();
    dropSchema = async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP SCHEMA ${schema} CASCADE`).catch(() => {});
      await c.end();
    };
  }
  return {
    ports,
    env,
    async cleanup() {
      await dropSchema();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ServerProcess {
  child: ChildProcess;
  /** What it printed, for a failing test's message. */
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * `opts.args`: extra arguments for main.ts, e.g. `['--role', 'gateway']`; `opts.built`: run
 * apps/server/dist/main.js (`npm run build:server`) instead of the sources under tsx.
 */
export function spawnServer(setup: ServerSetup, opts: { args?: string[]; built?: boolean } = {}): ServerProcess {
  const entry = opts.built ? [...SERVER_NODE_FLAGS, 'apps/server/dist/main.js'] : ['--import', 'tsx', 'apps/server/src/main.ts'];
  const child = spawn(process.execPath, [...entry, ...(opts.args ?? [])], {
    cwd: repoRoot,
    env: setup.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const keep = (chunk: Buffer) => (out = (out + chunk.toString()).slice(-20_000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

/** Whether something accepts a TCP connection on the loopback port now. */
export function connects(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });
}

/** Until the HTTP API and every terminal port accept connections. */
export async function waitReady(server: ServerProcess, ports: ServerPorts, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  void server.exited.then((code) => (exitCode = code));
  for (;;) {
    if (exitCode !== undefined) throw new Error(`server exited (${exitCode}):\n${server.output()}`);
    const up = await Promise.all([ports.http, ports.jt808, ports.gt06, ports.h02, ports.watch].map(connects));
    if (up.every(Boolean)) return;
    if (Date.now() > deadline) throw new Error(`server not ready in ${timeoutMs} ms:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
