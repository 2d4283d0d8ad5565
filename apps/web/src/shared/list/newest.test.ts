import { describe, expect, it } from 'vitest';
import { Newest } from './newest.ts';

describe('Newest', () => {
  it('keeps the newest load only', () => {
    const newest = new Newest();
    const first = newest.start();
    const second = newest.start();
    expect(first()).toBe(false);
    expect(second()).toBe(true);
  });

  it('drops what is on its way', () => {
    const newest = new Newest();
    const load = newest.start();
    newest.drop();
    expect(load()).toBe(false);
  });

  it('lets several watches share a generation until something drops them', () => {
    const newest = new Newest();
    const a = newest.watch();
    const b = newest.watch();
    expect([a(), b()]).toEqual([true, true]);
    newest.drop();
    expect([a(), b()]).toEqual([false, false]);
  });
});
