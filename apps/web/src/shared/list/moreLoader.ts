import { ExternalState } from './externalState.ts';
import { filterKey } from './listLoader.ts';
import { Newest } from './newest.ts';

/** A page of rows as the paged endpoints answer it. */
export interface RowsPage<Row> {
  list: Row[];
  total: number;
}

/** Asks the server for one page (1-based) of the list for these filters. */
export type MoreLoad<F, Row> = (filters: F, current: number) => Promise<RowsPage<Row>>;

export interface MoreState<Row> {
  /** null until the first page answers */
  rows: Row[] | null;
  /** how many pages are in `rows` */
  pages: number;
  hasMore: boolean;
}

const START: MoreState<never> = { rows: null, pages: 0, hasMore: true };

/**
 * The state machine behind a list that grows as it scrolls (the phone's alarms), without React so
 * it can be tested as it is: new filters start again from nothing, each further page is appended
 * (a row already listed, by `keyOf`, is not listed twice), and an answer for filters no longer
 * shown, or from before a refresh, is dropped.
 */
export class MoreLoader<F, Row> extends ExternalState<MoreState<Row>> {
  private filters: F | undefined;
  private started = false;
  private readonly newest = new Newest();
  private pending: Promise<void> | null = null;

  constructor(
    private load: MoreLoad<F, Row>,
    private readonly pageSize: number,
    private readonly keyOf?: (row: Row) => unknown,
  ) {
    super(START);
  }

  /** The load the next request uses (a page's callback may close over new values). */
  setLoad(load: MoreLoad<F, Row>): void {
    this.load = load;
  }

  /** What the page shows now: other filters (or the first) start from nothing and load page 1; the same ones do nothing. */
  show(filters: F): Promise<void> {
    if (this.started && filterKey(filters) === filterKey(this.filters)) return this.pending ?? Promise.resolve();
    this.started = true;
    this.filters = filters;
    this.newest.drop();
    this.pending = null;
    this.update(START);
    return this.loadMore();
  }

  /** The next page (InfiniteScroll's loadMore); while one is on its way, that one. Rejects when it fails. */
  readonly loadMore = (): Promise<void> => {
    if (this.pending) return this.pending;
    const wanted = this.newest.watch();
    const next = this.state.pages + 1;
    const mine = this.load(this.filters as F, next).then((page) => {
      if (!wanted()) return;
      const rows = next === 1 ? page.list : this.appended(this.state.rows ?? [], page.list);
      this.update({ rows, pages: next, hasMore: next * this.pageSize < page.total });
    });
    const tracked: Promise<void> = mine.finally(() => {
      if (this.pending === tracked) this.pending = null;
    });
    this.pending = tracked;
    return tracked;
  };

  /** Page 1 again in place of what is listed (pull to refresh); a failure keeps the rows. */
  readonly refresh = async (): Promise<void> => {
    const wanted = this.newest.start();
    this.pending = null;
    try {
      const page = await this.load(this.filters as F, 1);
      if (wanted()) this.update({ rows: page.list, pages: 1, hasMore: this.pageSize < page.total });
    } catch {
      /* the rows stay; the request layer said why, or the page is silent */
    }
  };

  /** A change that came another way (a pushed alarm, one just handled). */
  readonly change = (edit: (rows: Row[]) => Row[]): void => {
    this.update({ rows: edit(this.state.rows ?? []) });
  };

  private appended(listed: Row[], more: Row[]): Row[] {
    const keyOf = this.keyOf;
    if (!keyOf) return [...listed, ...more];
    const seen = new Set(listed.map(keyOf));
    return [...listed, ...more.filter((row) => !seen.has(keyOf(row)))];
  }
}
