/**
 * A state kept outside React that a hook reads with useSyncExternalStore: the loaders' state
 * machines (listLoader.ts, moreLoader.ts) keep theirs here, so they can be tested without React.
 */
export class ExternalState<S> {
  private current: S;
  private readonly listeners = new Set<() => void>();

  constructor(initial: S) {
    this.current = initial;
  }

  get state(): S {
    return this.current;
  }

  /** For useSyncExternalStore, which calls it unbound. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  /** A new state (a new object, so React sees the change) from the fields that changed; everyone subscribed is told. */
  protected update(change: Partial<S>): void {
    this.current = { ...this.current, ...change };
    for (const listener of this.listeners) listener();
  }
}
