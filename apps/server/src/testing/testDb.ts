import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import pg from 'pg';
import type { Db } from '../db/types.ts';
import { migrate, migrationsHash } from '../db/migrate.ts';
import { openPglite, wrapPglite } from '../db/pglite.ts';
import { openPostgres } from '../db/postgres.ts';
import { loadConfig } from '../config.ts';
import { createContext } from '../context.ts';
import { MemoryBus } from '../bus/bus.ts';
import { createLogger } from '../log.ts';
import { seedAll } from '../seed.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const TEMPLATE_DIR = path.join(repoRoot, '.tmp');
const PGLITE_DIST = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));

/** Password of `admin` in every test database (the template is seeded with it). */
export const TEST_ADMIN_PASSWORD = 'Admin#2026test';

/** Set by the global setup on TEST_ENGINE=postgres: the run's template database and its prefix. */
export const PG_TEMPLATE_ENV = 'CHELIAN_TEST_PG_TEMPLATE';

/** Which engine the integration suite runs on: TEST_ENGINE=postgres needs DATABASE_URL. */
export function testEngine(): 'pglite' | 'postgres' {
  return process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite';
}

/**
 * Makes `db` what a first start leaves: migrated, with the login RSA key, `admin` (scrypt-hashed
 * TEST_ADMIN_PASSWORD), the resource catalogue, dictionary, branding and welcome messages.
 * Done once per template, so no test file pays for the key pair or the password hash.
 */
export async function prepareTemplate(db: Db): Promise<void> {
  await migrate(db);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chelian-template-'));
  try {
    const config = loadConfig({ DATA_DIR: dataDir, CHELIAN_ADMIN_PASSWORD: TEST_ADMIN_PASSWORD }, []);
    await seedAll(await createContext(config, db, new MemoryBus(), createLogger('silent')));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// Per process (vitest workers run many files each): the compiled PGlite and the template dump.
let pgliteRuntime: Promise<Pick<PGliteOptions, 'pgliteWasmModule' | 'fsBundle'>> | undefined;
let templateBlob: Promise<Blob> | undefined;

function pgliteOptions() {
  pgliteRuntime ??= (async () => ({
    pgliteWasmModule: await WebAssembly.compile(fs.readFileSync(path.join(PGLITE_DIST, 'pglite.wasm'))),
    fsBundle: new Blob([fs.readFileSync(path.join(PGLITE_DIST, 'pglite.data'))]),
  }))();
  return pgliteRuntime;
}

/**
 * The template as a PGlite data dir dump, built once per migration set and kept in `.tmp/` for
 * every later run (benchmarks read the file too): a fresh PGlite takes seconds to start, loading
 * a dump well under one. Each process unzips it once and loads every copy from the plain tar.
 */
export function pgliteTemplate(): Promise<Blob> {
  templateBlob ??= (async () => {
    const file = path.join(TEMPLATE_DIR, `pglite-template-${migrationsHash()}.tar.gz`);
    if (!fs.existsSync(file)) {
      const pglite = await PGlite.create(await pgliteOptions());
      await prepareTemplate(wrapPglite(pglite));
      const dump = await pglite.dumpDataDir('gzip');
      await pglite.close();
      fs.mkdirSync(TEMPLATE_DIR, { recursive: true });
      const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
      fs.renameSync(tmp, file); // atomic: parallel workers never read half a file
    }
    return new Blob([gunzipSync(fs.readFileSync(file))]);
  })();
  return templateBlob;
}

/** A database of DATABASE_URL's server by name. */
export function databaseUrl(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** One short connection to DATABASE_URL's server, for CREATE/DROP DATABASE. */
export async function onServer<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export type TestDb = Db & {
  /** PostgreSQL only: where this database is, for a child process of the test. */
  connectionString?: string;
};

/**
 * A private database for one test file, already seeded: a PGlite loaded from the template dump,
 * or on PostgreSQL a database cloned from the run's template database (CREATE DATABASE …
 * TEMPLATE, a file copy). Clones of a run are dropped by the global teardown; without one (a
 * script outside vitest) the database is migrated here and dropped on close.
 */
export async function createTestDb(): Promise<TestDb> {
  if (testEngine() === 'postgres') {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('TEST_ENGINE=postgres needs DATABASE_URL');
    const template = process.env[PG_TEMPLATE_ENV];
    const name = `${template ?? 'chelian_test'}_${randomBytes(5).toString('hex')}`;
    await onServer(url, (c) => c.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`));
    const connectionString = databaseUrl(url, name);
    const db = openPostgres({ connectionString, max: 5 });
    if (!template) await prepareTemplate(db);
    const close = db.close;
    return Object.assign(db, {
      connectionString,
      async close() {
        await close();
        if (!template) await onServer(url, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).catch(() => {});
      },
    });
  }
  return openPglite(undefined, await pgliteTemplate(), await pgliteOptions());
}
