import type { Queryable } from './types.ts';

/** One page of a list query: the rows of the window, how many the whole list holds, and its other totals when asked. */
export type PageRows<Row, Total extends string = never> = { total: number; rows: Row[] } & ([Total] extends [never]
  ? unknown
  : { totals: Record<Total, number> });

export interface PageSql<Total extends string = never> {
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
  /**
   * Other totals of the whole list, counted in the same pass as the list's count: each an aggregate
   * over the select's (or countFrom's) tables that also works as a window,
   * `{ unread: 'count(*) FILTER (WHERE r.user_id IS NULL)' }`; answered as integers in `totals`.
   */
  totals?: Record<Total, string>;
}

/** The column a one-query page carries its total in (taken off each row before it is answered). */
const TOTAL = 'page_total__';
/** The column a one-query page carries another total in. */
const totalColumn = (name: string) => `page_total__${name}`;

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
export async function queryPage<Row, Total extends string = never>(
  q: Queryable,
  sql: PageSql<Total>,
  window: { limit: number; offset: number },
): Promise<PageRows<Row, Total>> {
  const n = sql.params.length;
  const page = `ORDER BY ${sql.orderBy} LIMIT $${n + 1} OFFSET $${n + 2}`;
  const params = [...sql.params, window.limit, window.offset];
  const answer = (counted: Counted, rows: Row[]) => {
    const total = counted.n ?? 0;
    return (sql.totals ? { total, rows, totals: totalsOf(sql, counted) } : { total, rows }) as PageRows<Row, Total>;
  };
  if (onePass(q, sql)) {
    const rows = await q.query<Row & Counted>(`${windowed(sql)} ${page}`, params);
    if (rows.length === 0) return answer(window.offset === 0 ? {} : await countOf(q, sql), []);
    const counted = { ...rows[0] };
    for (const row of rows) for (const column of countColumns(sql)) delete row[column];
    return answer({ ...counted, n: counted[TOTAL] }, rows);
  }
  const counted = await countOf(q, sql);
  const rows = await q.query<Row>(`${sql.select} ${page}`, params);
  return answer(counted, rows);
}

/** The counts as read: n (the list's count) and each total's column; a column absent is 0. */
type Counted = Record<string, number | undefined>;

const totalsOf = <Total extends string>(sql: PageSql<Total>, counted: Counted) =>
  Object.fromEntries(Object.keys(sql.totals ?? {}).map((name) => [name, counted[totalColumn(name)] ?? 0])) as Record<Total, number>;

const countColumns = (sql: PageSql<string>) => [TOTAL, ...Object.keys(sql.totals ?? {}).map(totalColumn)];

/** The select with the whole list's count and totals on each row, as windows. */
function windowed(sql: PageSql<string>): string {
  const totals = Object.entries(sql.totals ?? {}).map(([name, aggregate]) => `(${aggregate} OVER ())::int AS ${totalColumn(name)}, `);
  return sql.select.replace(/^\s*SELECT\s/i, `SELECT count(*) OVER ()::int AS ${TOTAL}, ${totals.join('')}`);
}

const onePass = (q: Queryable, sql: PageSql) =>
  (q as { engine?: string }).engine === 'pglite' &&
  !sql.countFrom &&
  /^\s*SELECT\s/i.test(sql.select) &&
  !/^\s*SELECT\s+DISTINCT\b/i.test(sql.select);

/**
 * The whole list's count (n) and totals, apart from the window. Totals without a countFrom are
 * aggregates over the select's own tables: its first row, windowed, carries them (none: all 0).
 */
async function countOf(q: Queryable, sql: PageSql<string>): Promise<Counted> {
  const totals = Object.entries(sql.totals ?? {});
  if (totals.length > 0 && !sql.countFrom) {
    const [first] = await q.query<Counted>(`${windowed(sql)} LIMIT 1`, [...sql.params]);
    return { ...first, n: first?.[TOTAL] ?? 0 };
  }
  const sums = totals.map(([name, aggregate]) => `, (${aggregate})::int AS ${totalColumn(name)}`).join('');
  const count = sql.countFrom ? `SELECT count(*)::int AS n${sums} ${sql.countFrom}` : `SELECT count(*)::int AS n FROM (${sql.select}) x`;
  const [counted] = await q.query<Counted>(count, [...sql.params]);
  return { ...counted, n: counted?.n ?? 0 };
}
