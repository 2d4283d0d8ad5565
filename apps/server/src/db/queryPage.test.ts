import { describe, expect, it } from 'vitest';
import { queryPage } from './queryPage.ts';
import type { Queryable } from './types.ts';

/** Answers the count with 42 and the window with two rows, and keeps what it was asked. */
function recording() {
  const asked: Array<{ sql: string; params: unknown[] }> = [];
  const q: Queryable = {
    query: async <T>(sql: string, params: unknown[] = []) => {
      asked.push({ sql, params });
      return (sql.includes('count(*)') ? [{ n: 42 }] : [{ id: 2 }, { id: 1 }]) as T[];
    },
    exec: async () => {},
  };
  return { q, asked };
}

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
});
