import fs from 'node:fs';
import path from 'node:path';
import type { Db } from './types.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';

/** PostgreSQL when DATABASE_URL is set, else PGlite kept in DATA_DIR/pglite. */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Db> {
  if (opts.databaseUrl) return openPostgres({ connectionString: opts.databaseUrl });
  const dir = path.join(opts.dataDir, 'pglite');
  fs.mkdirSync(dir, { recursive: true });
  return openPglite(dir);
}
