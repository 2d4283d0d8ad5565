import type { FleetListener, FleetStore } from './fleetStore.ts';

/**
 * The store's flushes (every 250 ms under load) slowed to the pace a person reads: changes are
 * gathered and announced at most once per interval, to every listener in the same task, so the
 * views that follow it re-render together in one React commit. The first change after a quiet
 * spell goes out at once.
 */
export class FleetTicker {
  private readonly listeners = new Set<FleetListener>();
  private changed = new Set<number>();
  private all = false;
  private last = -Infinity;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private off: (() => void) | null = null;

  constructor(
    private readonly store: Pick<FleetStore, 'subscribe'>,
    readonly intervalMs = 1000,
    private readonly now: () => number = Date.now,
  ) {}

  subscribe(listener: FleetListener): () => void {
    this.listeners.add(listener);
    this.off ??= this.store.subscribe((changed) => this.gather(changed));
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size > 0) return;
      this.off?.();
      this.off = null;
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
    };
  }

  private gather(changed: ReadonlySet<number> | 'all') {
    if (changed === 'all') this.all = true;
    else if (!this.all) for (const id of changed) this.changed.add(id);
    if (this.timer) return;
    const wait = this.last + this.intervalMs - this.now();
    if (wait <= 0) this.announce();
    else this.timer = setTimeout(() => this.announce(), wait);
  }

  private announce() {
    this.timer = null;
    this.last = this.now();
    const changed: ReadonlySet<number> | 'all' = this.all ? 'all' : this.changed;
    this.changed = new Set();
    this.all = false;
    for (const l of [...this.listeners]) l(changed);
  }
}
