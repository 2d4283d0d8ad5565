import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchForNewVersion } from './newVersion.ts';

/** Just enough of document and window for the watcher's listeners. */
function fakeTarget() {
  const listeners = new Map<string, (event: Event) => void>();
  return {
    listeners,
    addEventListener: (type: string, fn: (event: Event) => void) => listeners.set(type, fn),
    removeEventListener: (type: string) => listeners.delete(type),
  };
}

describe('watching for a newer build', () => {
  let doc: ReturnType<typeof fakeTarget> & { visibilityState: string };
  let win: ReturnType<typeof fakeTarget>;
  beforeEach(() => {
    vi.useFakeTimers();
    doc = { ...fakeTarget(), visibilityState: 'visible' };
    win = fakeTarget();
    vi.stubGlobal('document', doc);
    vi.stubGlobal('window', win);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const answering = (...statuses: number[]) => vi.fn(async () => ({ status: statuses.shift() ?? 200 }) as Response);

  it("asks for its own build's file and announces once when it is gone", async () => {
    const fetcher = answering(200, 404, 404);
    const onNew = vi.fn();
    const stop = watchForNewVersion(onNew, { build: 'abc123', intervalMs: 1000, fetcher });
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetcher).toHaveBeenCalledWith('/abc123.json', { cache: 'no-store' });
    expect(onNew).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2000);
    expect(onNew).toHaveBeenCalledTimes(1);
    stop();
  });

  it('says nothing when the server is away or erring', async () => {
    const fetcher = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const onNew = vi.fn();
    const stop = watchForNewVersion(onNew, { build: 'abc123', intervalMs: 1000, fetcher: fetcher as never });
    await vi.advanceTimersByTimeAsync(3000);
    const erring = answering(500, 503);
    watchForNewVersion(onNew, { build: 'abc123', intervalMs: 1000, fetcher: erring })();
    expect(onNew).not.toHaveBeenCalled();
    stop();
  });

  it('announces when a lazy chunk of this build fails to load', () => {
    const onNew = vi.fn();
    const stop = watchForNewVersion(onNew, { build: 'abc123', fetcher: answering() });
    const event = { preventDefault: vi.fn() } as unknown as Event;
    win.listeners.get('vite:preloadError')!(event);
    expect(onNew).toHaveBeenCalledTimes(1);
    expect(event.preventDefault).toHaveBeenCalled();
    stop();
    expect(win.listeners.has('vite:preloadError')).toBe(false);
  });

  it('does nothing in development, where pages carry no build', async () => {
    const fetcher = answering(404);
    const onNew = vi.fn();
    watchForNewVersion(onNew, { build: null, intervalMs: 1000, fetcher });
    await vi.advanceTimersByTimeAsync(3000);
    expect(fetcher).not.toHaveBeenCalled();
  });
});
