import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import type { Db } from '../db/types.ts';
import { migrate, migrationsHash } from '../db/migrate.ts';
import { openPglite, wrapPglite } from '../db/pglite.ts';
import { openPostgres } from '../db/postgres.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const TEMPLATE_DIR = path.join(repoRoot, '.tmp');

/** Which engine the integration suite runs on: TEST_ENGINE=postgres needs DATABASE_URL. */
export function testEngine(): 'pglite' | 'postgres' {
  return process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite';
}

/**
 * A migrated PGlite data dir, built once per migration set and reused by every test file:
 * a fresh PGlite takes seconds to start, loading a dump well under one.
 */
export async function pgliteTemplate(): Promise<Blob> {
  const file = path.join(TEMPLATE_DIR, `pglite-template-${migrationsHash()}.tar.gz`);
  if (!fs.existsSync(file)) {
    const pg = await PGlite.create();
    await migrate(wrapPglite(pg));
    const dump = await pg.dumpDataDir('gzip');
    await pg.close();
    fs.mkdirSync(TEMPLATE_DIR, { recursive: true });
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(tmp, file); // atomic: parallel workers never read half a file
  }
  return new Blob([fs.readFileSync(file)]);
}

/** A private, migrated database for one test file: a PGlite copy, or a fresh schema on PostgreSQL. */
export async function createTestDb(): Promise<Db> {
  if (testEngine() === 'postgres') {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('TEST_ENGINE=postgres needs DATABASE_URL');
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = openPostgres({ connectionString: url, max: 1 });
    await admin.exec(`CREATE SCHEMA ${schema}`);
    await admin.close();
    const db = openPostgres({ connectionString: url, schema, max: 5 });
    await migrate(db);
    const close = db.close;
    return Object.assign(db, {
      async close() {
        await close();
        const cleanup = openPostgres({ connectionString: url, max: 1 });
        await cleanup.exec(`DROP SCHEMA ${schema} CASCADE`).catch(() => {});
        await cleanup.close();
      },
    });
  }
  return openPglite(undefined, await pgliteTemplate());
}
