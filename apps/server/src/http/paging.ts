import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '@chelian/contracts';

/** The page a list request asks for (the spec's current/pageSize, defaults 1 and 10) and its SQL window. */
export interface PageWindow {
  current: number;
  pageSize: number;
  sql: { limit: number; offset: number };
}

export function pageWindow(q: { current?: number; pageSize?: number }): PageWindow {
  const current = q.current ?? DEFAULT_PAGE;
  const pageSize = q.pageSize ?? DEFAULT_PAGE_SIZE;
  return { current, pageSize, sql: { limit: pageSize, offset: (current - 1) * pageSize } };
}

/** The spec's page answer, `{ total, current, pageSize, list }` (the endpoint's `pageOf` schema). */
export function pageAnswer<Item>(win: PageWindow, total: number, list: Item[]) {
  return { total, current: win.current, pageSize: win.pageSize, list };
}
