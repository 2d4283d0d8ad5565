import fs from 'node:fs';
import path from 'node:path';
import type { Db } from './types.ts';

/**
 * PostgreSQL when DATABASE_URL is set, else PGlite kept in DATA_DIR/pglite.
 * `pgliteWorker`: PGlite in a thread of its own (config.ts; unset: PGLITE_WORKER). Each engine's code is
 * loaded only when chosen: PGlite (WASM) alone adds ~35 MB to a process that never uses it.
 */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string; pgliteWorker?: boolean }): Promise<Db> {
  if (opts.databaseUrl) {
    const { openPostgres } = await import('./postgres.ts');
    return openPostgres({ connectionString: opts.databaseUrl });
  }
  const dir = path.join(opts.dataDir, 'pglite');
  fs.mkdirSync(dir, { recursive: true });
  const { openPglite } = await import('./pglite.ts');
  return openPglite(dir, undefined, {}, opts.pgliteWorker);
}
