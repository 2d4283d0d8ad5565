/**
 * A background task of the 'jobs' role: runs now, then `intervalMs` after each run ends, so runs
 * never overlap. A failing run is reported to `onError` and the next one still comes. Returns
 * a stop function.
 */
export function repeatEvery(intervalMs: number, task: () => Promise<void>, onError: (err: unknown) => void): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const tick = async () => {
    try {
      await task();
    } catch (err) {
      onError(err);
    }
    if (!stopped) timer = setTimeout(tick, intervalMs);
  };
  timer = setTimeout(tick, 0);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
