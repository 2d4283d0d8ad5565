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

/**
 * The one way a list is paged in SQL: the count of the whole list, then the window's rows in
 * the given order (`LIMIT`/`OFFSET` as the last two parameters).
 */
export async function queryPage<Row>(q: Queryable, sql: PageSql, window: { limit: number; offset: number }): Promise<PageRows<Row>> {
  const count = sql.countFrom ? `SELECT count(*)::int AS n ${sql.countFrom}` : `SELECT count(*)::int AS n FROM (${sql.select}) x`;
  const [counted] = await q.query<{ n: number }>(count, [...sql.params]);
  const n = sql.params.length;
  const rows = await q.query<Row>(`${sql.select} ORDER BY ${sql.orderBy} LIMIT $${n + 1} OFFSET $${n + 2}`, [
    ...sql.params,
    window.limit,
    window.offset,
  ]);
  return { total: counted?.n ?? 0, rows };
}
