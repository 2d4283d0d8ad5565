import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { TablePaginationConfig } from 'antd';
import type { AnswerOf, EndpointSpec, InputOf, Page } from '@chelian/contracts';
import { call, type CallArgs } from '../request/call.ts';
import { RequestError } from '../request/RequestError.ts';
import { T } from '../i18n/messages.ts';
import { pagerOf, type Paging } from '../ui/pagination.ts';
import { FIRST_PAGE, filterKey, ListLoader, type ListLoad, type LoaderOptions } from './listLoader.ts';

/** The rows before the first answer: one array, so effects that depend on the rows do not run on every render. */
const NO_ROWS: never[] = [];

/** A failure in the operator's words: the server's or the request layer's msg, never a script error's. */
const describeFailure = (error: unknown) => (error instanceof RequestError && error.msg ? error.msg : T.common.loadFailed);

export interface ListOptions {
  /** false: wait (e.g. until a vehicle is chosen); the list loads each time it turns true */
  enabled?: boolean;
  /** the first page size (10, spec §3) */
  pageSize?: number;
}

/** What a list page reads: the rows and the state the frame (ListCard) shows. */
export interface ListView<Row> {
  rows: Row[];
  loading: boolean;
  error: string | null;
  reload: (quiet?: boolean) => Promise<void>;
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

function useLoader<F, A>(load: ListLoad<F, A>, filters: F, paging: Paging | null, enabled: boolean, options: LoaderOptions<A> = {}) {
  const [loader] = useState(() => new ListLoader(load, filters, paging, describeFailure, { ...options, loadsAtOnce: enabled }));
  // The newest callback and filters serve the next load (they may close over what the page holds now).
  loader.setLoad(load);
  const latest = useRef(filters);
  latest.current = filters;
  const state = useSyncExternalStore(loader.subscribe, () => loader.state);
  const key = filterKey(filters);
  const wasEnabled = useRef(enabled);
  useEffect(() => {
    // enabled once more (a drawer reopened on the same terminal): load again, even for the same filters
    const again = enabled && !wasEnabled.current;
    wasEnabled.current = enabled;
    if (enabled) void loader.show(latest.current, again);
  }, [loader, key, enabled]);
  return { loader, state };
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

/** An answer's rows when it is a plain array (a whole list), for the frame's table. */
type ItemsOf<A> = A extends ReadonlyArray<infer Row> ? Row : never;

export interface WholeList<A> extends ListView<ItemsOf<A>> {
  data: A | null;
  pager: false;
  /** An answer that came another way (a save that answers the new list) replaces the data at once. */
  put: (data: A) => void;
  /** A change that came another way (a pushed position or alarm) to the data shown; a load on its way still replaces it. */
  change: (edit: (data: A) => A) => void;
}

export interface WholeOptions<A = unknown> extends Pick<ListOptions, 'enabled'> {
  /**
   * Every load without the request layer's toast, the first one too: the page shows its own empty
   * or failed state (the phone's pages, a card beside the main one).
   */
  silent?: boolean;
  /** false: a failed load empties the data (a page about another day or asset must not show the last one's) */
  keepOnFailure?: boolean;
  /** what is shown until the first answer (the asset as its list gave it, before its own detail answers) */
  initial?: A;
}

/**
 * Anything loaded whole (an owner's pets, every person of a team for a picker): the same
 * newest-wins loading and failure state as the paged lists, without paging. `load` may change
 * between renders (the newest one serves the next load); new `input` (by value) loads again.
 * `load` gets `quiet` for a background reload, or for every load when `silent`.
 */
export function useLoaded<F, A>(load: (input: F, quiet: boolean) => Promise<A>, input: F, options: WholeOptions<A> = {}): WholeList<A> {
  const silent = options.silent ?? false;
  const wrapped = useCallback<ListLoad<F, A>>((f, _paging, quiet) => load(f, quiet || silent), [load, silent]);
  const { loader, state } = useLoader(wrapped, input, null, options.enabled ?? true, {
    keepOnFailure: options.keepOnFailure,
    initial: options.initial,
  });
  const reload = useCallback((quiet = false) => loader.reload(quiet), [loader]);
  const put = useCallback((data: A) => loader.put(data), [loader]);
  const change = useCallback((edit: (data: A) => A) => loader.change(edit), [loader]);
  const rows = (Array.isArray(state.data) ? state.data : NO_ROWS) as Array<ItemsOf<A>>;
  return { data: state.data, rows, loading: state.loading, error: state.error, reload, put, change, pager: false };
}

/** An endpoint that answers its whole list (a rider's plans, an owner's pets); a background reload is silent. */
export function useWholeList<E extends EndpointSpec>(
  endpoint: E,
  input?: Partial<InputOf<E>>,
  options: WholeOptions<AnswerOf<E>> = {},
): WholeList<AnswerOf<E>> {
  const load = useCallback(
    (query: Partial<InputOf<E>> | undefined, quiet: boolean) =>
      call(endpoint, ...([query, { silent: quiet }] as unknown as CallArgs<E>)) as Promise<AnswerOf<E>>,
    [endpoint],
  );
  return useLoaded(load, input, options);
}
