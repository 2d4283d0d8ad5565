/**
 * A background task of the 'jobs' role: runs now, then `intervalMs` after each run ends, so runs
 * never overlap. A failing run is reported to `onError` and the next one still comes. Returns
 * a stop function that resolves once a run under way has finished, so the database can be closed
 * after it.
 */
export function repeatEvery(intervalMs: number, task: () => Promise<void>, onError: (err: unknown) => void): () => Promise<void> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = task()
      .catch(onError)
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  timer = setTimeout(tick, 0);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
