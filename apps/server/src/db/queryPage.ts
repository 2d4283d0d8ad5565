import type { Queryable } from './types.ts';

/** One page of a list query: the rows of the window and how many the whole list holds. */
export interface PageRows<Row> {
  total: number;
  rows: Row[];
}

export interface PageSql {
  /** `SELECT … FROM … WHERE …` of the whole list, without ORDER BY or LIMIT. */
  select: string;
  /** The page's order, without the keywords: `c.id DESC`. */
  orderBy: string;
  /** The parameters of `select` (and of `countFrom`): the window's limit and offset follow them. */
  params: readonly unknown[];
  /**
   * `FROM … WHERE …` that holds the same rows more cheaply (without the columns' joins and
   * sub-selects), to count them; without it the whole `select` is counted.
   */
  countFrom?: string;
}

/** The column a one-query page carries its total in (taken off each row before it is answered). */
const TOTAL = 'page_total__';

/**
 * The one way a list is paged in SQL: the count of the whole list and the window's rows in the
 * given order (`LIMIT`/`OFFSET` as the last two parameters).
 *
 * On PGlite one query: the window's rows carry the whole count (`count(*) OVER ()`); a page past
 * the end has no row to carry it and only then is the list counted apart. On PostgreSQL two
 * queries: there the window count makes the engine build every row of the list (its joins and
 * sub-selects) before the limit, where the count alone skips the columns and the window reads ten
 * rows down the index — on the terminal list of 10 000 one query was slower (first page 113 ms
 * against 92, a page halfway 137 against 120), while on PGlite, in process, it was mostly faster
 * (first page 195–385 ms against 239–501 over five runs on a loaded machine; bench/paging.bench.ts).
 * Two queries also with `countFrom` (a cheaper count) and for a DISTINCT select (a window counts
 * before DISTINCT).
 */
export async function queryPage<Row>(q: Queryable, sql: PageSql, window: { limit: number; offset: number }): Promise<PageRows<Row>> {
  const n = sql.params.length;
  const page = `ORDER BY ${sql.orderBy} LIMIT $${n + 1} OFFSET $${n + 2}`;
  const params = [...sql.params, window.limit, window.offset];
  if (onePass(q, sql)) {
    const select = sql.select.replace(/^\s*SELECT\s/i, `SELECT count(*) OVER ()::int AS ${TOTAL}, `);
    const rows = await q.query<Row & { [TOTAL]?: number }>(`${select} ${page}`, params);
    if (rows.length === 0) return { total: window.offset === 0 ? 0 : await countOf(q, sql), rows: [] };
    const total = rows[0][TOTAL] ?? 0;
    for (const row of rows) delete row[TOTAL];
    return { total, rows };
  }
  const total = await countOf(q, sql);
  const rows = await q.query<Row>(`${sql.select} ${page}`, params);
  return { total, rows };
}

const onePass = (q: Queryable, sql: PageSql) =>
  (q as { engine?: string }).engine === 'pglite' &&
  !sql.countFrom &&
  /^\s*SELECT\s/i.test(sql.select) &&
  !/^\s*SELECT\s+DISTINCT\b/i.test(sql.select);

async function countOf(q: Queryable, sql: PageSql): Promise<number> {
  const count = sql.countFrom ? `SELECT count(*)::int AS n ${sql.countFrom}` : `SELECT count(*)::int AS n FROM (${sql.select}) x`;
  const [counted] = await q.query<{ n: number }>(count, [...sql.params]);
  return counted?.n ?? 0;
}
