import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { AnswerOf, EndpointSpec, InputOf } from '@chelian/contracts';
import { call, type CallArgs } from '../request/call.ts';
import { RequestError } from '../request/RequestError.ts';
import { coreTexts } from '../i18n/coreTexts.ts';
import { filterKey, ListLoader, type ListLoad, type LoaderOptions } from './listLoader.ts';
import type { Paging } from '../ui/pagination.ts';

// The list hooks' core: the loader in React, and the lists loaded whole. Only what the request layer
// already brings (no text catalogue, no pager, no component library), so 掌上车联's first screen
// (车队) can use it within its budget (docs/mobile.md); usePagedList.ts adds paging on top.

/** The rows before the first answer: one array, so effects that depend on the rows do not run on every render. */
export const NO_ROWS: never[] = [];

/** A failure in the operator's words: the server's or the request layer's msg, never a script error's. */
const describeFailure = (error: unknown) => (error instanceof RequestError && error.msg ? error.msg : coreTexts.request.loadFailed);

/** What a list shows besides a pager: the rows and the state the frame (ListCard) shows. */
export interface LoadedView<Row> {
  rows: Row[];
  loading: boolean;
  error: string | null;
  reload: (quiet?: boolean) => Promise<void>;
}

/** A ListLoader held by a component: it loads when `enabled`, and again for other filters (by value). */
export function useLoader<F, A>(load: ListLoad<F, A>, filters: F, paging: Paging | null, enabled: boolean, options: LoaderOptions<A> = {}) {
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

/** An answer's rows when it is a plain array (a whole list), for the frame's table. */
type ItemsOf<A> = A extends ReadonlyArray<infer Row> ? Row : never;

export interface WholeList<A> extends LoadedView<ItemsOf<A>> {
  data: A | null;
  /** no pager: the frame shows every row */
  pager: false;
  /** An answer that came another way (a save that answers the new list) replaces the data at once. */
  put: (data: A) => void;
  /** A change that came another way (a pushed position or alarm) to the data shown; a load on its way still replaces it. */
  change: (edit: (data: A) => A) => void;
}

export interface WholeOptions<A = unknown> {
  /** false: wait (e.g. until a vehicle is chosen); the list loads each time it turns true */
  enabled?: boolean;
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

/**
 * A loaded list followed in the background: `reload(true)` (quiet) every `everyMs` while `active`
 * (a record still pending, a dialog's tab showing it); the loader keeps only the newest answer.
 */
export function useReloadEvery(reload: (quiet: boolean) => unknown, everyMs: number, active = true): void {
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => void reload(true), everyMs);
    return () => window.clearInterval(timer);
  }, [reload, everyMs, active]);
}
