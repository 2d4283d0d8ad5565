import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RefreshScheduler } from './refreshScheduler.ts';

describe('dashboard refresh scheduler', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fetches once for a burst of news, and keeps fetches apart by the gap', async () => {
    const fetch = vi.fn(async () => {});
    const s = new RefreshScheduler(fetch, 2000);
    for (let i = 0; i < 100; i++) s.request(5000);
    s.request(100); // an alarm: sooner
    await vi.advanceTimersByTimeAsync(100);
    expect(fetch).toHaveBeenCalledTimes(1);
    s.request(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetch).toHaveBeenCalledTimes(1); // within the gap
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('never overlaps: news during a fetch makes one more after it', async () => {
    let finish = () => {};
    const fetch = vi.fn(() => new Promise<void>((r) => (finish = r)));
    const s = new RefreshScheduler(fetch, 0);
    s.request(0);
    await vi.advanceTimersByTimeAsync(0);
    s.request(0);
    s.request(0);
    await vi.advanceTimersByTimeAsync(10);
    expect(fetch).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(10);
    expect(fetch).toHaveBeenCalledTimes(2);
    s.stop();
  });
});
