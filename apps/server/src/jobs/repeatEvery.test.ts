import { describe, expect, it } from 'vitest';
import { eventually } from '../testing/testTerminal.ts';
import { repeatEvery } from './repeatEvery.ts';

/** A task whose runs end when the test says so. */
function gatedTask() {
  let runs = 0;
  let release: () => void = () => {};
  const task = () => {
    runs++;
    return new Promise<void>((r) => (release = r));
  };
  return { task, runs: () => runs, release: () => release() };
}

describe('repeatEvery', () => {
  it('runs at once, and again at once on news instead of after its (long) interval', async () => {
    let wake: () => void = () => {};
    let subscribed = 0;
    const t = gatedTask();
    const stop = repeatEvery(
      3_600_000,
      t.task,
      () => {},
      (w) => {
        wake = w;
        subscribed++;
        return () => subscribed--;
      },
    );
    await eventually(() => t.runs() === 1);
    t.release();
    await new Promise((r) => setImmediate(r));
    wake();
    await eventually(() => t.runs() === 2);
    // News during a run: one more run right after it, never two at once.
    wake();
    wake();
    expect(t.runs()).toBe(2);
    t.release();
    await eventually(() => t.runs() === 3);
    t.release();
    await stop();
    expect(subscribed).toBe(0);
    wake();
    await new Promise((r) => setImmediate(r));
    expect(t.runs()).toBe(3);
  });

  it('reports a failing run and still runs on the next news', async () => {
    let wake: () => void = () => {};
    const errors: unknown[] = [];
    let runs = 0;
    const stop = repeatEvery(
      3_600_000,
      async () => {
        if (++runs === 1) throw new Error('boom');
      },
      (err) => errors.push(err),
      (w) => ((wake = w), () => {}),
    );
    await eventually(() => errors.length === 1);
    wake();
    await eventually(() => runs === 2);
    await stop();
  });

  it('aborts the run under way at stop, for a task that paces itself', async () => {
    let seen: AbortSignal | null = null;
    const stop = repeatEvery(
      3_600_000,
      (signal) => {
        seen = signal;
        // A pause between steps that only the stop ends.
        return new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
      },
      () => {},
    );
    await eventually(() => seen !== null);
    expect(seen!.aborted).toBe(false);
    await stop();
    expect(seen!.aborted).toBe(true);
  });
});
