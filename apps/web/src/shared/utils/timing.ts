/**
 * Debounce and throttle of spec §9, with its two options: `immediate` runs on the leading edge,
 * `once` runs at most one time in the function's life.
 */
export interface TimingOptions {
  immediate?: boolean;
  once?: boolean;
}

export interface Timed<A extends unknown[]> {
  (...args: A): void;
  cancel(): void;
}

export function debounce<A extends unknown[]>(fn: (...args: A) => void, waitMs: number, options: TimingOptions = {}): Timed<A> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let ran = false;
  const run = (args: A) => {
    if (options.once && ran) return;
    ran = true;
    fn(...args);
  };
  const wrapped = (...args: A) => {
    const leading = options.immediate && timer === undefined;
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      if (!options.immediate) run(args);
    }, waitMs);
    if (leading) run(args);
  };
  wrapped.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return wrapped;
}

export function throttle<A extends unknown[]>(fn: (...args: A) => void, waitMs: number, options: TimingOptions = {}): Timed<A> {
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: A | undefined;
  let ran = false;
  const run = (args: A) => {
    if (options.once && ran) return;
    ran = true;
    last = Date.now();
    fn(...args);
  };
  const wrapped = (...args: A) => {
    const now = Date.now();
    if (last === 0) {
      if (options.immediate !== false) {
        run(args);
        return;
      }
      last = now; // the first window starts now; its call runs at the end
    }
    const remaining = waitMs - (now - last);
    if (remaining <= 0) {
      run(args);
      return;
    }
    pending = args;
    timer ??= setTimeout(() => {
      timer = undefined;
      if (pending) run(pending);
      pending = undefined;
    }, remaining);
  };
  wrapped.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    pending = undefined;
  };
  return wrapped;
}

/** The helper of spec §9 that names the client's version. */
export function appVersion(): string {
  return '1.0';
}
