import { describe, expect, it } from 'vitest';
import type { Paging } from '../ui/pagination.ts';
import { FIRST_PAGE, ListLoader } from './listLoader.ts';

interface Filters {
  keyword?: string;
}
type Answer = { asked: Filters & Paging };

/** A server whose answers the test releases one by one, in any order. */
function server() {
  const pending: Array<{ query: Filters & Paging; answer: () => void; fail: (error: unknown) => void }> = [];
  const load = (filters: Filters, paging: Paging | null) =>
    new Promise<Answer>((resolve, reject) => {
      const query = { ...filters, ...(paging ?? FIRST_PAGE) };
      pending.push({ query, answer: () => resolve({ asked: query }), fail: reject });
    });
  return { load, pending };
}
const describeError = (error: unknown) => (error instanceof Error ? error.message : '加载失败');
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a list page’s loads', () => {
  it('starts at page 1 with 10 rows, as spec §3 says', async () => {
    const { load, pending } = server();
    const list = new ListLoader(load, {}, FIRST_PAGE, describeError);
    expect(list.state.loading).toBe(true);
    void list.show({});
    expect(pending[0].query).toEqual({ current: 1, pageSize: 10 });
  });

  it('keeps the newest load’s answer when an older one answers after it', async () => {
    const { load, pending } = server();
    const list = new ListLoader(load, {}, FIRST_PAGE, describeError);
    void list.show({});
    void list.setPaging({ current: 2, pageSize: 10 });
    pending[1].answer();
    await settle();
    pending[0].answer();
    await settle();
    expect(list.state.data?.asked.current).toBe(2);
    expect(list.state.loading).toBe(false);
  });

  it('drops a late background reload sent before the reload that followed it (报警中心’s handled alarm)', async () => {
    const { load, pending } = server();
    const list = new ListLoader(load, { keyword: 'a' }, FIRST_PAGE, describeError);
    void list.reload(true);
    void list.reload();
    expect(list.state.loading).toBe(true);
    pending[1].answer();
    await settle();
    expect(list.state.loading).toBe(false);
    pending[0].fail(new Error('超时'));
    await settle();
    expect(list.state.error).toBeNull();
    expect(list.state.data).not.toBeNull();
  });

  it('goes back to page 1 when the filters change, keeping the page size', async () => {
    const { load, pending } = server();
    const list = new ListLoader(load, {}, FIRST_PAGE, describeError);
    void list.show({});
    void list.setPaging({ current: 3, pageSize: 20 });
    void list.show({ keyword: '粤B' });
    expect(pending.map((p) => p.query)).toEqual([
      { current: 1, pageSize: 10 },
      { current: 3, pageSize: 20 },
      { current: 1, pageSize: 20, keyword: '粤B' },
    ]);
    // The same filters built anew (a page renders a new object each time) ask nothing.
    void list.show({ keyword: '粤B' });
    expect(pending).toHaveLength(3);
  });

  it('remembers the newest failure beside the last rows, and clears it on the next answer', async () => {
    const { load, pending } = server();
    const list = new ListLoader(load, {}, FIRST_PAGE, describeError);
    void list.show({});
    pending[0].answer();
    await settle();
    void list.reload();
    pending[1].fail(new Error('网络连接失败'));
    await settle();
    expect(list.state).toMatchObject({ loading: false, error: '网络连接失败' });
    expect(list.state.data?.asked.current).toBe(1);
    void list.reload();
    pending[2].answer();
    await settle();
    expect(list.state.error).toBeNull();
  });

  it('loads a whole list (no paging) with the same rules', async () => {
    const { load, pending } = server();
    const list = new ListLoader(load, {}, null, describeError, { loadsAtOnce: false });
    expect(list.state.loading).toBe(false);
    void list.show({});
    expect(list.state.loading).toBe(true);
    pending[0].answer();
    await settle();
    expect(list.state.paging).toBeNull();
    expect(list.state.data).not.toBeNull();
  });

  it('empties the data on a failure when asked to (a page about one day must not show the day before)', async () => {
    const { load, pending } = server();
    const list = new ListLoader(load, { keyword: '1日' }, null, describeError, { keepOnFailure: false });
    void list.show({ keyword: '1日' });
    pending[0].answer();
    await settle();
    void list.show({ keyword: '2日' });
    pending[1].fail(new Error('网络连接失败'));
    await settle();
    expect(list.state).toMatchObject({ data: null, loading: false, error: '网络连接失败' });
  });

  it('shows an answer that came another way at once, and drops a load sent before it', async () => {
    const { load, pending } = server();
    const list = new ListLoader(load, {}, null, describeError);
    void list.show({});
    list.put({ asked: { keyword: '保存', current: 1, pageSize: 10 } });
    expect(list.state).toMatchObject({ loading: false, error: null });
    pending[0].answer();
    await settle();
    expect(list.state.data?.asked.keyword).toBe('保存');
  });

  it('changes the answer shown for news that came another way, and keeps the load on its way', async () => {
    const { load, pending } = server();
    const list = new ListLoader(load, {}, null, describeError, { initial: { asked: { keyword: '列表里的', current: 1, pageSize: 10 } } });
    void list.show({});
    list.change((data) => ({ asked: { ...data.asked, keyword: '推送' } }));
    expect(list.state.data?.asked.keyword).toBe('推送');
    pending[0].answer();
    await settle();
    expect(list.state.data?.asked.keyword).toBeUndefined();
  });

  it('loads again when shown once more for the same filters (a drawer reopened on the same terminal)', async () => {
    const { load, pending } = server();
    const list = new ListLoader(load, { keyword: 'T1' }, null, describeError);
    void list.show({ keyword: 'T1' });
    void list.show({ keyword: 'T1' });
    expect(pending).toHaveLength(1);
    void list.show({ keyword: 'T1' }, true);
    expect(pending).toHaveLength(2);
  });
});
