import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { Db } from './types.ts';

const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');
// Any constant works; it only has to be the same for every process that migrates.
const MIGRATION_LOCK_KEY = 80_808_808;

export interface Migration {
  name: string;
  sql: string;
}

export function listMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((name) => ({ name, sql: fs.readFileSync(path.join(dir, name), 'utf8') }));
}

/** A fingerprint of the migration set: test templates are rebuilt when it changes. */
export function migrationsHash(): string {
  const h = createHash('sha256');
  for (const m of listMigrations()) h.update(m.name).update(m.sql);
  return h.digest('hex').slice(0, 16);
}

/** Applies pending migrations in one transaction, serialised across processes by an advisory lock. */
export async function migrate(db: Db): Promise<string[]> {
  return db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await q.exec('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
    const done = new Set((await q.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
    const applied: string[] = [];
    for (const m of listMigrations()) {
      if (done.has(m.name)) continue;
      await q.exec(m.sql);
      await q.query('INSERT INTO schema_migrations (name) VALUES ($1)', [m.name]);
      applied.push(m.name);
    }
    return applied;
  });
}
