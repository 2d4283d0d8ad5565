import { describe, expect, it } from 'vitest';
import { browserPager, pagerOf } from './pagination.ts';

describe('browserPager', () => {
  it('pages a whole answer 10 rows at a time with the same total and size changer as a server-paged table', () => {
    const pager = browserPager();
    const served = pagerOf({ current: 1, pageSize: 10, total: 8 }, { current: 1, pageSize: 10 }, () => {});
    expect(pager.pageSize).toBe(served.pageSize);
    expect(pager.showSizeChanger).toBe(true);
    expect(typeof pager.showTotal === 'function' && pager.showTotal(8, [1, 8])).toBe('共 8 条');
    expect(pager.hideOnSinglePage).toBeUndefined();
  });

  it('hides itself on a single page only when asked (a list in a narrow panel)', () => {
    expect(browserPager({ hideOnSinglePage: true }).hideOnSinglePage).toBe(true);
  });
});
