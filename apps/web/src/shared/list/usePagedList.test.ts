import { describe, expect, it } from 'vitest';
import { partOf } from './usePagedList.ts';

describe('partOf', () => {
  const reload = async () => {};
  it("gives one table's rows the whole answer's spinner, failure and 重试", () => {
    const part = partOf({ loading: true, error: '加载失败', reload }, [{ day: '2026-12-01' }], { pageSize: 10 });
    expect(part).toEqual({ rows: [{ day: '2026-12-01' }], loading: true, error: '加载失败', reload, pager: { pageSize: 10 } });
  });
  it('shows no rows before the first answer, and all rows at once without a pager', () => {
    const first = partOf({ loading: true, error: null, reload }, undefined);
    expect(first.rows).toEqual([]);
    expect(first.pager).toBe(false);
    // the same empty array every render, so effects on the rows do not run again
    expect(partOf({ loading: false, error: null, reload }, null).rows).toBe(first.rows);
  });
});
