import { describe, expect, it } from 'vitest';
import { MoreLoader, type RowsPage } from './moreLoader.ts';

interface Row {
  id: number;
}
interface Filters {
  scope: string;
}

/** A server whose answers the test releases one by one, in any order. */
function server() {
  const pending: Array<{ filters: Filters; current: number; answer: (page: RowsPage<Row>) => void; fail: () => void }> = [];
  const load = (filters: Filters, current: number) =>
    new Promise<RowsPage<Row>>((resolve, reject) => {
      pending.push({ filters, current, answer: resolve, fail: () => reject(new Error('网络连接失败')) });
    });
  return { load, pending };
}
const rows = (...ids: number[]) => ids.map((id) => ({ id }));
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a list that grows as it scrolls', () => {
  it('loads page 1 for the filters shown, then appends each further page until the total', async () => {
    const { load, pending } = server();
    const list = new MoreLoader(load, 2, (r: Row) => r.id);
    expect(list.state.rows).toBeNull();
    void list.show({ scope: 'open' });
    pending[0].answer({ list: rows(5, 4), total: 3 });
    await settle();
    expect(list.state).toEqual({ rows: rows(5, 4), pages: 1, hasMore: true });
    void list.loadMore();
    // a row pushed live meanwhile comes again on page 2: listed once
    pending[1].answer({ list: rows(4, 3), total: 3 });
    await settle();
    expect(pending[1].current).toBe(2);
    expect(list.state).toEqual({ rows: rows(5, 4, 3), pages: 2, hasMore: false });
  });

  it('asks for a page once while it is on its way (InfiniteScroll and the first load together)', async () => {
    const { load, pending } = server();
    const list = new MoreLoader(load, 20);
    const first = list.show({ scope: 'open' });
    expect(list.loadMore()).toBe(first);
    expect(pending).toHaveLength(1);
  });

  it('starts again for other filters and drops the late answer for the old ones', async () => {
    const { load, pending } = server();
    const list = new MoreLoader(load, 20);
    void list.show({ scope: 'open' });
    void list.show({ scope: 'history' });
    pending[1].answer({ list: rows(9), total: 1 });
    await settle();
    pending[0].answer({ list: rows(1, 2), total: 2 });
    await settle();
    expect(list.state).toEqual({ rows: rows(9), pages: 1, hasMore: false });
    void list.show({ scope: 'history' });
    expect(pending).toHaveLength(2);
  });

  it('refreshes page 1 in place, keeps the rows when that fails, and rejects a failed further page', async () => {
    const { load, pending } = server();
    const list = new MoreLoader(load, 1);
    void list.show({ scope: 'open' });
    pending[0].answer({ list: rows(1), total: 2 });
    await settle();
    const more = list.loadMore();
    pending[1].fail();
    await expect(more).rejects.toThrow('网络连接失败');
    expect(list.state).toEqual({ rows: rows(1), pages: 1, hasMore: true });
    const refreshed = list.refresh();
    pending[2].fail();
    await refreshed;
    expect(list.state.rows).toEqual(rows(1));
    void list.refresh();
    pending[3].answer({ list: rows(7), total: 1 });
    await settle();
    expect(list.state).toEqual({ rows: rows(7), pages: 1, hasMore: false });
  });

  it('takes a change that came another way (a pushed alarm, one just handled)', async () => {
    const { load, pending } = server();
    const list = new MoreLoader(load, 20);
    void list.show({ scope: 'open' });
    pending[0].answer({ list: rows(2, 1), total: 2 });
    await settle();
    list.change((listed) => [{ id: 3 }, ...listed.filter((r) => r.id !== 1)]);
    expect(list.state.rows).toEqual(rows(3, 2));
  });
});
