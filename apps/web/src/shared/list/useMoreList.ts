import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { filterKey } from './listLoader.ts';
import { MoreLoader, type MoreLoad } from './moreLoader.ts';

export interface MoreOptions<Row> {
  pageSize: number;
  /** a row's identity, so a page that overlaps what is listed (rows pushed live meanwhile) adds none twice */
  keyOf?: (row: Row) => unknown;
  /** false: wait (no bike chosen yet) */
  enabled?: boolean;
}

export interface MoreList<Row> {
  /** null until the first page answers */
  rows: Row[] | null;
  hasMore: boolean;
  /** the next page, for InfiniteScroll (rejects when it fails, so it offers 重试) */
  loadMore: () => Promise<void>;
  /** page 1 again in place of the rows, for PullToRefresh */
  refresh: () => Promise<void>;
  /** a change that came another way (a pushed alarm, one just handled) */
  change: (edit: (rows: Row[]) => Row[]) => void;
}

/**
 * The phone's lists that grow as they scroll (报警): page 1 for the filters shown (compared by
 * value), each further page appended, the newest filters' answers only.
 */
export function useMoreList<F, Row>(load: MoreLoad<F, Row>, filters: F, options: MoreOptions<Row>): MoreList<Row> {
  const [loader] = useState(() => new MoreLoader(load, options.pageSize, options.keyOf));
  loader.setLoad(load);
  const latest = useRef(filters);
  latest.current = filters;
  const state = useSyncExternalStore(loader.subscribe, () => loader.state);
  const key = filterKey(filters);
  const enabled = options.enabled ?? true;
  useEffect(() => {
    // a failed first page leaves the list to InfiniteScroll's 重试
    if (enabled) loader.show(latest.current).catch(() => {});
  }, [loader, key, enabled]);
  return { rows: state.rows, hasMore: state.hasMore, loadMore: loader.loadMore, refresh: loader.refresh, change: loader.change };
}
