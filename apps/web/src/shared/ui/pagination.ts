import type { TablePaginationConfig } from 'antd';
import { DEFAULT_PAGE_SIZE } from '@chelian/contracts';
import { T } from '../i18n/messages.ts';

export interface Paging {
  current: number;
  pageSize: number;
}

/**
 * The pager every paged table shows: the page the server answered (or the one asked for while it
 * loads), 共 N 条, and a page-size changer that goes back through `setPaging`.
 */
export function pagerOf(
  page: (Paging & { total: number }) | { current?: number; pageSize?: number; total?: number } | null | undefined,
  paging: Paging,
  setPaging: (next: Paging) => void,
  extra: TablePaginationConfig = {},
): TablePaginationConfig {
  return {
    current: page?.current ?? paging.current,
    pageSize: page?.pageSize ?? paging.pageSize,
    total: page?.total ?? 0,
    showSizeChanger: true,
    showTotal: T.common.total,
    onChange: (current, pageSize) => setPaging({ current, pageSize }),
    ...extra,
  };
}

/**
 * The pager of a list the browser pages (a whole answer shown 10 rows a page): the same 共 N 条
 * and page-size changer as a paged table's. `hideOnSinglePage` for a list in a narrow panel.
 */
export function browserPager(options: { hideOnSinglePage?: boolean } = {}): TablePaginationConfig {
  return { pageSize: DEFAULT_PAGE_SIZE, showSizeChanger: true, showTotal: T.common.total, ...options };
}
