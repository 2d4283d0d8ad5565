import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import type { CopyQueryable, Db, Row } from './types.ts';
import { copyPayload, copySql } from './types.ts';

// int8 and numeric come back as numbers on both engines (ids stay far below 2^53).
export const PGLITE_PARSERS = { 20: Number, 1700: Number };
let cursors = 0;

/**
 * PGlite has one connection: a cursor held in a transaction would stop every other query for the
 * export's length. WITH HOLD keeps it across autocommitted statements instead (PostgreSQL stores
 * the result at the DECLARE's commit, spilling to disk past work_mem).
 */
export async function* pgliteCursor<T = Row>(q: Pick<CopyQueryable, 'query'>, sql: string, params: unknown[], batch: number) {
  const name = `chelian_rows_${++cursors}`;
  await q.query(`DECLARE ${name} NO SCROLL CURSOR WITH HOLD FOR ${sql}`, params);
  try {
    for (;;) {
      const rows = await q.query<T>(`FETCH FORWARD ${Math.max(1, Math.floor(batch))} FROM ${name}`);
      if (rows.length > 0) yield rows;
      if (rows.length < batch) break;
    }
  } finally {
    await q.query(`CLOSE ${name}`).catch(() => {});
  }
}

export function wrapPglite(pg: PGlite): Db {
  const asQueryable = (q: Pick<PGlite, 'query' | 'exec'>): CopyQueryable => ({
    async query<T = Row>(sql: string, params: unknown[] = []) {
      const res = await q.query<T>(sql, params);
      return res.rows;
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
    async copyRows(table, columns, rows) {
      if (rows.length === 0) return;
      const blob = new Blob([copyPayload(rows) as BlobPart]);
      await q.query(copySql(table, columns, `'/dev/blob'`, rows), [], { blob });
    },
  });
  return pgliteDb(
    asQueryable(pg),
    (fn) => pg.transaction((tx) => fn(asQueryable(tx))),
    () => pg.close(),
  );
}

/** The Db over a PGlite's statements, wherever it runs (in process or in its thread): only its transactions and close differ. */
export function pgliteDb(base: CopyQueryable, tx: Db['tx'], close: Db['close']): Db {
  return {
    engine: 'pglite',
    query: base.query,
    async one<T = Row>(sql: string, params: unknown[] = []) {
      return (await base.query<T>(sql, params))[0];
    },
    exec: base.exec,
    tx,
    copyRows: base.copyRows,
    cursor: (sql, params, batch) => pgliteCursor(base, sql, params, batch),
    close,
  };
}

/** PGLITE_WORKER=1 (or 0): the environment's choice of where PGlite runs, for whoever opens one. */
export const pgliteWorkerFromEnv = (env: NodeJS.ProcessEnv = process.env) => env.PGLITE_WORKER === '1';

/**
 * `runtime`: an already compiled PGlite (tests open many in one process). `worker`: PGlite in a
 * thread of its own (pgliteThread.ts), so its queries do not hold the event loop.
 */
export async function openPglite(
  dataDir: string | undefined,
  loadDataDir?: Blob,
  runtime: Pick<PGliteOptions, 'pgliteWasmModule' | 'fsBundle'> = {},
  worker = pgliteWorkerFromEnv(),
): Promise<Db> {
  if (worker) {
    const { openPgliteThread } = await import('./pgliteThread.ts');
    return openPgliteThread(dataDir, loadDataDir, runtime);
  }
  const pg = await PGlite.create({ dataDir, loadDataDir, parsers: PGLITE_PARSERS, ...runtime });
  return wrapPglite(pg);
}
