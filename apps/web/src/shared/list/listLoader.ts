import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '@chelian/contracts';
import type { Paging } from '../ui/pagination.ts';
import { ExternalState } from './externalState.ts';
import { Newest } from './newest.ts';

/** Where a list starts (spec §3, §9: page 1, 10 rows). */
export const FIRST_PAGE: Paging = { current: DEFAULT_PAGE, pageSize: DEFAULT_PAGE_SIZE };

export interface ListState<F, A> {
  filters: F;
  /** null for a list the server answers whole */
  paging: Paging | null;
  /** the newest answer; kept while a reload runs and when one fails, so the rows do not flash away */
  data: A | null;
  loading: boolean;
  /** the newest load's failure, in words for the operator; null once a load succeeds */
  error: string | null;
}

export interface LoaderOptions<A = unknown> {
  /** a list that loads at once shows its spinner from the first render, not an empty table first */
  loadsAtOnce?: boolean;
  /**
   * false: a failed load empties the data, for a page about one day or one asset, where the last
   * answer would show another day's figures under this day's title (default: kept beside the failure)
   */
  keepOnFailure?: boolean;
  /** what is shown until the first answer (the asset as its list gave it, before its own detail answers) */
  initial?: A;
}

/** Asks the server; `quiet` is a background reload (no spinner, no toast). */
export type ListLoad<F, A> = (filters: F, paging: Paging | null, quiet: boolean) => Promise<A>;

/** Two filter values ask the same when they serialise the same (objects built anew on every render). */
export const filterKey = (filters: unknown) => JSON.stringify(filters ?? null);

/**
 * The state machine behind every list page, without React so it can be tested as it is:
 * filters and paging in, the newest load's answer out. A load answering after a newer one was
 * sent is dropped (报警中心 once put a handled alarm back that way), new filters go back to page 1,
 * and a failure is kept as text beside the last rows.
 */
export class ListLoader<F, A> extends ExternalState<ListState<F, A>> {
  private readonly newest = new Newest();
  private started = false;

  constructor(
    private load: ListLoad<F, A>,
    filters: F,
    paging: Paging | null,
    private readonly describe: (error: unknown) => string,
    private readonly options: LoaderOptions<A> = {},
  ) {
    super({ filters, paging, data: options.initial ?? null, loading: options.loadsAtOnce ?? true, error: null });
  }

  /** The load the next request uses (a page's callback may close over new values). */
  setLoad(load: ListLoad<F, A>): void {
    this.load = load;
  }

  /**
   * What the page asks for now: the first load, or a load for other filters (nothing when they are
   * the same, unless `again`: a list that was paused and shows once more, a drawer reopened).
   */
  show(filters: F, again = false): Promise<void> {
    const same = filterKey(filters) === filterKey(this.state.filters);
    if (!this.started || again) {
      this.started = true;
      if (same) return this.reload();
    }
    return this.setFilters(filters);
  }

  /** Other filters: back to page 1 and load; the same filters again do nothing. */
  setFilters(filters: F): Promise<void> {
    if (filterKey(filters) === filterKey(this.state.filters)) return Promise.resolve();
    const paging = this.state.paging && { ...this.state.paging, current: DEFAULT_PAGE };
    this.update({ filters, paging });
    return this.reload();
  }

  /** Another page or page size (a new size starts at the page the pager asks for). */
  setPaging(paging: Paging): Promise<void> {
    if (this.state.paging?.current === paging.current && this.state.paging.pageSize === paging.pageSize) return Promise.resolve();
    this.update({ paging: { current: paging.current, pageSize: paging.pageSize } });
    return this.reload();
  }

  /** Loads again with what is on screen; only the newest load's answer or failure is kept. */
  async reload(quiet = false): Promise<void> {
    const wanted = this.newest.start();
    if (!quiet) this.update({ loading: true });
    try {
      const data = await this.load(this.state.filters, this.state.paging, quiet);
      if (wanted()) this.update({ data, loading: false, error: null });
    } catch (error) {
      if (!wanted()) return;
      const dropped = this.options.keepOnFailure === false ? { data: null } : {};
      this.update({ ...dropped, loading: false, error: this.describe(error) });
    }
  }

  /**
   * A change that came another way to the answer shown (a pushed position, a pushed alarm); unlike
   * put, a load on its way is kept and replaces it, as it would have replaced the answer.
   */
  change(edit: (data: A) => A): void {
    if (this.state.data !== null) this.update({ data: edit(this.state.data) });
  }

  /** An answer that came another way (a save that answers the new list): shown at once, and a load sent before it is dropped. */
  put(data: A): void {
    this.newest.drop();
    this.update({ data, loading: false, error: null });
  }
}
