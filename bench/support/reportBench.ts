// What the report benches share: a scratch PostgreSQL database with the schema, the seed and a
// server context (createScratchDb), the API listening on a socket with admin logged in (loginAs),
// and the timing loop — a warm-up, then N timed runs reported as median / min / max (timeRequests).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import { openPostgres } from '../../apps/server/src/db/postgres.ts';
import type { Db } from '../../apps/server/src/db/types.ts';
import { seedAll } from '../../apps/server/src/seed.ts';
import { createContext, type AppContext } from '../../apps/server/src/context.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { MemoryBus } from '../../apps/server/src/bus/bus.ts';
import { createLogger } from '../../apps/server/src/log.ts';
import { buildApp } from '../../apps/server/src/http/app.ts';
import { apiModules } from '../../apps/server/src/modules/index.ts';
import { encryptForLogin } from '../../apps/server/src/modules/auth/rsa.ts';

export const BENCH_PASSWORD = 'Bench#2026pw';

/** `--name value` from the command line as a number, or the fallback. */
export const numberArg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};

/** `--keep` leaves the scratch database for EXPLAIN ANALYZE by hand (drop it afterwards). */
export const keepArg = (): boolean => process.argv.includes('--keep');

export interface ScratchDb {
  name: string;
  /** Connection string of the scratch database. */
  url: string;
  /** The server's pool on it (max 4 connections), migrated. */
  db: Db;
  /** A seeded server context (admin's password is BENCH_PASSWORD). */
  ctx: AppContext;
  /** A plain client for COPY and bulk SQL; closed by drop(). */
  client: pg.Client;
  /** Closes everything and drops the database (unless kept). */
  drop(keep?: boolean): Promise<void>;
}

/** A fresh database named `chelian_bench_<label>_<time>` under DATABASE_URL, migrated and seeded. */
export async function createScratchDb(label: string): Promise<ScratchDb> {
  const admin = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `chelian_bench_${label}_${Date.now()}`;
  const root = new pg.Client({ connectionString: admin });
  await root.connect();
  await root.query(`CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${label}-bench-`));
  const db = openPostgres({ connectionString: url.toString(), max: 4 });
  const client = new pg.Client({ connectionString: url.toString() });
  let clientOpen = false;
  const drop = async (keep = false) => {
    if (clientOpen) await client.end().catch(() => {});
    clientOpen = false;
    await db.close();
    if (keep) console.error(`kept database ${name}`);
    else await root.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch((e: unknown) => console.error(e));
    await root.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await migrate(db);
    const config = loadConfig({ DATA_DIR: dataDir, CHELIAN_ADMIN_PASSWORD: BENCH_PASSWORD }, ['--role', 'api']);
    const ctx = await createContext(config, db, new MemoryBus(), createLogger('warn'));
    await seedAll(ctx);
    await client.connect();
    clientOpen = true;
    return { name, url: url.toString(), db, ctx, client, drop };
  } catch (e) {
    await drop();
    throw e;
  }
}

export interface LoggedInApi {
  base: string;
  sessionId: string;
  /** GET `path` with the session; throws unless the envelope says flag 1. */
  get<T = { total?: number; list?: unknown[] }>(pathAndQuery: string): Promise<T>;
  close(): Promise<void>;
}

/** The API modules listening on a free port, and a session of `username` (admin by default). */
export async function loginAs(ctx: AppContext, username = 'admin', password = BENCH_PASSWORD): Promise<LoggedInApi> {
  const { app } = await buildApp(ctx, apiModules, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const login = (await fetch(`${base}/oauth/v4/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password: encryptForLogin(ctx.publicKey, password) }),
  }).then((r) => r.json())) as { flag: number; obj: { sessionId: string } };
  if (login.flag !== 1) throw new Error(`login as ${username} failed`);
  const sessionId = login.obj.sessionId;
  return {
    base,
    sessionId,
    async get<T>(pathAndQuery: string) {
      const res = await fetch(`${base}${pathAndQuery}`, { headers: { sessionId } });
      const body = (await res.json()) as { flag: number; obj: T };
      if (body.flag !== 1) throw new Error(`unexpected answer to ${pathAndQuery}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
      return body.obj;
    },
    close: () => app.close(),
  };
}

export interface Timing<T> {
  medianMs: number;
  minMs: number;
  maxMs: number;
  /** What the last run returned (e.g. the report's total). */
  last: T;
}

/** Runs `once` once to warm up (plans, caches), then `runs` times timed: wall clock in ms. */
export async function timeRequests<T>(once: () => Promise<T>, runs: number): Promise<Timing<T>> {
  let last = await once();
  const ms: number[] = [];
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    last = await once();
    ms.push(Math.round((performance.now() - t0) * 10) / 10);
  }
  const sorted = [...ms].sort((a, b) => a - b);
  return { medianMs: sorted[Math.floor(sorted.length / 2)], minMs: sorted[0], maxMs: sorted[sorted.length - 1], last };
}

export const loadAverage = (): number[] => os.loadavg().map((l) => Math.round(l * 100) / 100);
