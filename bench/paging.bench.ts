// Why db/queryPage.ts pages in one query on PGlite and two on PostgreSQL: a count of the whole
// list, then the window, against one query whose rows carry the count (count(*) OVER ()), on the terminal list — a select with joins
// and a sub-select, no cheaper countFrom — over N terminals of one account.
// Prints JSON: median ms per page for the first page and a page deep in the list, each way.
// Run: node --import tsx bench/paging.bench.ts [--terminals 10000] [--rounds 40]   (TEST_ENGINE=postgres DATABASE_URL=… for PostgreSQL)
import { createTestDb } from '../apps/server/src/testing/testDb.ts';
import type { PageSql } from '../apps/server/src/db/queryPage.ts';
import { terminalsQueries } from '../apps/server/src/modules/terminals/terminals.queries.ts';
import type { Queryable } from '../apps/server/src/db/types.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const N = arg('terminals', 10_000);
const ROUNDS = arg('rounds', 40);

const db = await createTestDb();
const account = (await db.one<{ id: number }>('SELECT id FROM accounts WHERE parent_id IS NULL ORDER BY id LIMIT 1'))!.id;
await db.query(
  `INSERT INTO terminals (identifier, identifier_key, protocol, account_id)
   SELECT lpad(g::text, 12, '0'), g::text, 'jt808', $1 FROM generate_series(1, $2::int) g`,
  [account, N],
);
const path = (await db.one<{ path: string }>('SELECT path FROM accounts WHERE id = $1', [account]))!.path;

/** Two queries: the count of the whole list, then the window. */
async function twoQueries(q: Queryable, sql: PageSql, window: { limit: number; offset: number }) {
  const [counted] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${sql.select}) x`, [...sql.params]);
  const n = sql.params.length;
  const rows = await q.query(`${sql.select} ORDER BY ${sql.orderBy} LIMIT $${n + 1} OFFSET $${n + 2}`, [
    ...sql.params,
    window.limit,
    window.offset,
  ]);
  return { total: counted?.n ?? 0, rows };
}

/** One query: the window's rows carry the whole count; a page past the end counts apart. */
async function oneQuery(q: Queryable, sql: PageSql, window: { limit: number; offset: number }) {
  const n = sql.params.length;
  const rows = await q.query<{ page_total__: number }>(
    `${sql.select.replace(/^SELECT /, 'SELECT count(*) OVER ()::int AS page_total__, ')} ORDER BY ${sql.orderBy} LIMIT $${n + 1} OFFSET $${n + 2}`,
    [...sql.params, window.limit, window.offset],
  );
  if (rows.length) return { total: rows[0].page_total__, rows };
  const [counted] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${sql.select}) x`, [...sql.params]);
  return { total: counted?.n ?? 0, rows };
}

// The terminal list's own SQL, caught as it goes to queryPage.
let caught: PageSql | undefined;
const catcher: Queryable = {
  query: async <T>(sql: string, params: unknown[] = []) => {
    const count = /^SELECT count\(\*\)::int AS n FROM \((.*)\) x$/s.exec(sql);
    if (count) caught = { select: count[1], orderBy: 't.id DESC', params };
    return [{ n: 0 }] as T[];
  },
  exec: async () => {},
};
const filter = {
  scope: path,
  keyword: null,
  protocol: null,
  accountId: null,
  assigned: null,
  online: null,
  bound: null,
  serviceState: null,
  expiringDays: null,
};
await terminalsQueries.page(catcher, filter as never, 10, 0);
const sql = caught!;

const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
async function time(run: () => Promise<{ total: number }>) {
  const ms: number[] = [];
  let total = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const t0 = performance.now();
    total = (await run()).total;
    ms.push(performance.now() - t0);
  }
  return { medianMs: Math.round(median(ms) * 100) / 100, total };
}

const figures: Record<string, unknown> = { engine: process.env.TEST_ENGINE ?? 'pglite', terminals: N, rounds: ROUNDS };
for (const [page, offset] of [
  ['first', 0],
  ['deep', Math.floor(N / 2)],
] as const) {
  // Interleaved warm-up, then each way in turn.
  await twoQueries(db, sql, { limit: 10, offset });
  await oneQuery(db, sql, { limit: 10, offset });
  figures[`${page}Page`] = {
    twoQueries: await time(() => twoQueries(db, sql, { limit: 10, offset })),
    oneQuery: await time(() => oneQuery(db, sql, { limit: 10, offset })),
  };
}
console.log(JSON.stringify(figures, null, 2));
await db.close();
