import { useCallback } from 'react';
import type { TablePaginationConfig } from 'antd';
import type { AnswerOf, EndpointSpec, InputOf, Page } from '@chelian/contracts';
import { call, type CallArgs } from '../request/call.ts';
import { pagerOf, type Paging } from '../ui/pagination.ts';
import { FIRST_PAGE, type ListLoad } from './listLoader.ts';
import { NO_ROWS, useLoader, type LoadedView } from './useLoaded.ts';

// The lists loaded whole (useLoaded, useWholeList) live in useLoaded.ts: no text catalogue, so the
// phone's first screen can use them.

export interface ListOptions {
  /** false: wait (e.g. until a vehicle is chosen); the list loads each time it turns true */
  enabled?: boolean;
  /** the first page size (10, spec §3) */
  pageSize?: number;
}

/** What a list page reads: the rows and the state the frame (ListCard) shows, with its pager. */
export interface ListView<Row> extends LoadedView<Row> {
  /** the antd pager, or false for a list the server answers whole */
  pager: TablePaginationConfig | false;
}

export interface PagedList<Row, A> extends ListView<Row> {
  /** the newest answer (a page with any summary fields beside it) */
  data: A | null;
  total: number;
  paging: Paging;
  setPaging: (paging: Paging) => void;
  pager: TablePaginationConfig;
}

/**
 * A paged list from any loader: starts at page 1 with 10 rows, goes back to page 1 when the
 * filters change (compared by value, so an object literal per render is fine), keeps only the
 * newest load's answer, and remembers the newest failure. Filters are sent as given; undefined
 * fields are left out of the request.
 */
export function usePagedLoad<F, Row, A extends Page<Row> = Page<Row>>(
  load: (query: F & Paging, quiet: boolean) => Promise<A>,
  filters: F,
  options: ListOptions = {},
): PagedList<Row, A> {
  const wrapped = useCallback<ListLoad<F, A>>((f, paging, quiet) => load({ ...f, ...(paging ?? FIRST_PAGE) }, quiet), [load]);
  const first = { ...FIRST_PAGE, pageSize: options.pageSize ?? FIRST_PAGE.pageSize };
  const { loader, state } = useLoader<F, A>(wrapped, filters, first, options.enabled ?? true);
  const paging = state.paging ?? first;
  const setPaging = useCallback((next: Paging) => void loader.setPaging(next), [loader]);
  const reload = useCallback((quiet = false) => loader.reload(quiet), [loader]);
  return {
    data: state.data,
    rows: state.data?.list ?? NO_ROWS,
    total: state.data?.total ?? 0,
    loading: state.loading,
    error: state.error,
    paging,
    setPaging,
    reload,
    pager: pagerOf(state.data, paging, setPaging),
  };
}

type PageOf<E extends EndpointSpec> = AnswerOf<E> extends Page<unknown> ? AnswerOf<E> : never;
type RowOf<E extends EndpointSpec> = PageOf<E> extends Page<infer Row> ? Row : never;
/** An endpoint's input without the paging, which the hook owns. */
export type FiltersOf<E extends EndpointSpec> = Omit<InputOf<E>, 'current' | 'pageSize'>;

/** The one paged-list hook: a paged endpoint of the table (packages/contracts) and its filters. */
export function usePagedList<E extends EndpointSpec>(
  endpoint: E,
  filters: FiltersOf<E>,
  options: ListOptions = {},
): PagedList<RowOf<E>, PageOf<E>> {
  const load = useCallback(
    (query: FiltersOf<E> & Paging, quiet: boolean) =>
      call(endpoint, ...([query, { silent: quiet }] as unknown as CallArgs<E>)) as Promise<PageOf<E>>,
    [endpoint],
  );
  return usePagedLoad<FiltersOf<E>, RowOf<E>, PageOf<E>>(load, filters, options);
}

/**
 * One table's rows out of a bigger answer (a day's trips beside its stops, a week's days under its
 * chart) as a list for the frame: the answer's spinner, failure and 重试. `pager` pages the rows
 * in the browser (`{ pageSize: 10 }`); false shows them all.
 */
export function partOf<Row>(
  whole: Pick<ListView<unknown>, 'loading' | 'error' | 'reload'>,
  rows: Row[] | null | undefined,
  pager: TablePaginationConfig | false = false,
): ListView<Row> {
  return { rows: rows ?? NO_ROWS, loading: whole.loading, error: whole.error, reload: whole.reload, pager };
}
