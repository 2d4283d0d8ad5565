import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appVersion, debounce, throttle } from './timing.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('debounce', () => {
  it('runs once after the calls stop (trailing)', () => {
    const fn = vi.fn();
    const d = debounce(fn, 100);
    d(1);
    d(2);
    vi.advanceTimersByTime(99);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledExactlyOnceWith(2);
  });
  it('runs at once with immediate, then not again until quiet', () => {
    const fn = vi.fn();
    const d = debounce(fn, 100, { immediate: true });
    d(1);
    d(2);
    expect(fn).toHaveBeenCalledExactlyOnceWith(1);
    vi.advanceTimersByTime(150);
    d(3);
    expect(fn).toHaveBeenLastCalledWith(3);
  });
  it('runs only one time with once', () => {
    const fn = vi.fn();
    const d = debounce(fn, 10, { once: true });
    d(1);
    vi.advanceTimersByTime(20);
    d(2);
    vi.advanceTimersByTime(20);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});

describe('throttle', () => {
  it('runs at most once per window, keeping the last call for the trailing run', () => {
    const fn = vi.fn();
    const t = throttle(fn, 100);
    t(1);
    t(2);
    t(3);
    expect(fn).toHaveBeenCalledExactlyOnceWith(1);
    vi.advanceTimersByTime(100);
    expect(fn).toHaveBeenLastCalledWith(3);
    expect(fn).toHaveBeenCalledTimes(2);
  });
  it('can skip the leading run and can run once only', () => {
    const fn = vi.fn();
    const t = throttle(fn, 100, { immediate: false, once: true });
    t(1);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    t(2);
    vi.advanceTimersByTime(200);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});

describe('appVersion', () => {
  it('is 1.0', () => expect(appVersion()).toBe('1.0'));
});
