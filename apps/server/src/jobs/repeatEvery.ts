/**
 * A background task of the 'jobs' role: runs now, then `intervalMs` after each run ends, so runs
 * never overlap. A failing run is reported to `onError` and the next one still comes. `wakeOn`:
 * subscribes to news that there is work (a bus subject), so the task runs at once instead of
 * waiting for the next poll, which then only catches what the news missed (issue 33: an idle
 * server's every-second polls were wakes and statements of their own); news during a run brings
 * another right after it. Returns a stop function that resolves once a run under way has finished,
 * so the database can be closed after it; the run's `signal` aborts at stop, for a task that
 * paces itself (waits between steps) to end its run early.
 */
export function repeatEvery(
  intervalMs: number,
  task: (signal: AbortSignal) => Promise<void>,
  onError: (err: unknown) => void,
  wakeOn?: (wake: () => void) => () => void,
): () => Promise<void> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let again = false;
  let last: Promise<void> = Promise.resolve();
  const stopping = new AbortController();
  const tick = () => {
    clearTimeout(timer);
    if (running) {
      again = true;
      return;
    }
    running = last = task(stopping.signal)
      .catch(onError)
      .finally(() => {
        running = null;
        if (stopped) return;
        if (again) {
          again = false;
          tick();
        } else timer = setTimeout(tick, intervalMs);
      });
  };
  timer = setTimeout(tick, 0);
  const unsubscribe = wakeOn?.(() => {
    if (!stopped) tick();
  });
  return async () => {
    stopped = true;
    stopping.abort();
    clearTimeout(timer);
    unsubscribe?.();
    await last;
  };
}
