import { describe, expect, it } from 'vitest';
import { queryPage } from './queryPage.ts';
import type { Queryable } from './types.ts';

/** A list of 42 rows on this engine: answers a count, and a window of two rows (none past the end); keeps what it was asked. */
function recording(engine: 'postgres' | 'pglite' = 'postgres') {
  const asked: Array<{ sql: string; params: unknown[] }> = [];
  const q: Queryable & { engine: string } = {
    engine,
    query: async <T>(sql: string, params: unknown[] = []) => {
      asked.push({ sql, params });
      const unread = sql.includes('page_total__unread') ? { page_total__unread: 7 } : {};
      if (sql.startsWith('SELECT count(*)::int AS n')) return [{ n: 42, ...unread }] as T[];
      if (Number(params[params.length - 1]) >= 42) return [];
      const total = sql.includes('count(*) OVER ()') ? { page_total__: 42, ...unread } : {};
      return [
        { ...total, id: 2 },
        { ...total, id: 1 },
      ] as T[];
    },
    exec: async () => {},
  };
  return { q, asked };
}
const riders = { select: 'SELECT r.id FROM riders r WHERE r.name LIKE $1', orderBy: 'r.id DESC', params: ['张%'] };

describe('a page of a list query', () => {
  it('counts the whole list, then reads the window in order with the limit and offset as the last parameters', async () => {
    const { q, asked } = recording();
    const page = await queryPage(
      q,
      { select: 'SELECT r.id FROM riders r WHERE r.name LIKE $1', orderBy: 'r.id DESC', params: ['张%'] },
      { limit: 10, offset: 20 },
    );
    expect(page).toEqual({ total: 42, rows: [{ id: 2 }, { id: 1 }] });
    expect(asked).toEqual([
      { sql: 'SELECT count(*)::int AS n FROM (SELECT r.id FROM riders r WHERE r.name LIKE $1) x', params: ['张%'] },
      { sql: 'SELECT r.id FROM riders r WHERE r.name LIKE $1 ORDER BY r.id DESC LIMIT $2 OFFSET $3', params: ['张%', 10, 20] },
    ]);
  });

  it('counts over the cheaper FROM when given one', async () => {
    const { q, asked } = recording();
    await queryPage(
      q,
      {
        select: 'SELECT r.*, (SELECT 1) AS x FROM riders r WHERE true',
        countFrom: 'FROM riders r WHERE true',
        orderBy: 'r.id',
        params: [],
      },
      { limit: 5, offset: 0 },
    );
    expect(asked.map((a) => a.sql)).toEqual([
      'SELECT count(*)::int AS n FROM riders r WHERE true',
      'SELECT r.*, (SELECT 1) AS x FROM riders r WHERE true ORDER BY r.id LIMIT $1 OFFSET $2',
    ]);
  });

  it('on PGlite reads the window with the whole count in one query, and takes the count off the rows', async () => {
    const { q, asked } = recording('pglite');
    expect(await queryPage(q, riders, { limit: 10, offset: 20 })).toEqual({ total: 42, rows: [{ id: 2 }, { id: 1 }] });
    expect(asked).toEqual([
      {
        sql: 'SELECT count(*) OVER ()::int AS page_total__, r.id FROM riders r WHERE r.name LIKE $1 ORDER BY r.id DESC LIMIT $2 OFFSET $3',
        params: ['张%', 10, 20],
      },
    ]);
  });

  it('on PGlite counts apart only for a page past the end, which has no row to carry the count', async () => {
    const { q, asked } = recording('pglite');
    expect(await queryPage(q, riders, { limit: 10, offset: 50 })).toEqual({ total: 42, rows: [] });
    expect(asked[1].sql).toBe('SELECT count(*)::int AS n FROM (SELECT r.id FROM riders r WHERE r.name LIKE $1) x');
  });

  it('on PGlite still counts a DISTINCT select apart: a window counts before DISTINCT', async () => {
    const { q, asked } = recording('pglite');
    await queryPage(q, { select: 'SELECT DISTINCT r.id FROM riders r', orderBy: 'r.id', params: [] }, { limit: 5, offset: 0 });
    expect(asked.map((a) => a.sql)).toEqual([
      'SELECT count(*)::int AS n FROM (SELECT DISTINCT r.id FROM riders r) x',
      'SELECT DISTINCT r.id FROM riders r ORDER BY r.id LIMIT $1 OFFSET $2',
    ]);
  });

  describe('with other totals of the whole list (an unread count beside the count)', () => {
    const messages = { ...riders, totals: { unread: 'count(*) FILTER (WHERE r.read IS NULL)' } };

    it('on PGlite carries them on the window in the same query, and takes them off the rows', async () => {
      const { q, asked } = recording('pglite');
      expect(await queryPage(q, messages, { limit: 10, offset: 0 })).toEqual({
        total: 42,
        totals: { unread: 7 },
        rows: [{ id: 2 }, { id: 1 }],
      });
      expect(asked.map((a) => a.sql)).toEqual([
        'SELECT count(*) OVER ()::int AS page_total__, (count(*) FILTER (WHERE r.read IS NULL) OVER ())::int AS page_total__unread, ' +
          'r.id FROM riders r WHERE r.name LIKE $1 ORDER BY r.id DESC LIMIT $2 OFFSET $3',
      ]);
    });

    it('elsewhere counts them with the list in one query apart (the select windowed, one row), then reads the window', async () => {
      const { q, asked } = recording();
      expect(await queryPage(q, messages, { limit: 10, offset: 20 })).toMatchObject({ total: 42, totals: { unread: 7 } });
      expect(asked).toEqual([
        {
          sql:
            'SELECT count(*) OVER ()::int AS page_total__, (count(*) FILTER (WHERE r.read IS NULL) OVER ())::int AS page_total__unread, ' +
            'r.id FROM riders r WHERE r.name LIKE $1 LIMIT 1',
          params: ['张%'],
        },
        { sql: 'SELECT r.id FROM riders r WHERE r.name LIKE $1 ORDER BY r.id DESC LIMIT $2 OFFSET $3', params: ['张%', 10, 20] },
      ]);
    });

    it('counts them over the cheaper FROM when given one, and answers 0 for an empty list', async () => {
      const { q, asked } = recording();
      await queryPage(q, { ...messages, countFrom: 'FROM riders r WHERE true' }, { limit: 5, offset: 0 });
      expect(asked[0].sql).toBe(
        'SELECT count(*)::int AS n, (count(*) FILTER (WHERE r.read IS NULL))::int AS page_total__unread FROM riders r WHERE true',
      );
      const empty: Queryable = { query: async <T>() => [] as T[], exec: async () => {} };
      expect(await queryPage(empty, messages, { limit: 5, offset: 0 })).toEqual({ total: 0, totals: { unread: 0 }, rows: [] });
    });
  });
});
