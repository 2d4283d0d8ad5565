import { describe, expect, it } from 'vitest';
import { Jt808SubpackageAssembler } from './subpackage.ts';

const part = (s: string) => Buffer.from(s);

describe('JT/T 808 sub-package reassembler', () => {
  it('joins parts in index order whatever order they arrive in', () => {
    const a = new Jt808SubpackageAssembler();
    expect(a.add('k', 3, 3, part('c'), 0)).toEqual({ ok: true, value: null });
    expect(a.add('k', 1, 3, part('a'), 0)).toEqual({ ok: true, value: null });
    const done = a.add('k', 2, 3, part('b'), 0);
    expect(done.ok && done.value?.toString()).toBe('abc');
    expect(a.pendingBytes).toBe(0);
  });

  it('keeps a duplicate part once', () => {
    const a = new Jt808SubpackageAssembler();
    a.add('k', 1, 2, part('x'), 0);
    a.add('k', 1, 2, part('a'), 0);
    expect(a.pendingBytes).toBe(1);
    const done = a.add('k', 2, 2, part('b'), 0);
    expect(done.ok && done.value?.toString()).toBe('ab');
  });

  it('refuses impossible indexes and too many parts', () => {
    const a = new Jt808SubpackageAssembler({ maxParts: 10 });
    expect(a.add('k', 0, 2, part('a'), 0)).toMatchObject({ ok: false, error: { code: 'badField' } });
    expect(a.add('k', 3, 2, part('a'), 0)).toMatchObject({ ok: false, error: { code: 'badField' } });
    expect(a.add('k', 1, 11, part('a'), 0)).toMatchObject({ ok: false, error: { code: 'subpackageLimit' } });
  });

  it('bounds the bytes it holds and the messages in progress', () => {
    const a = new Jt808SubpackageAssembler({ maxBytes: 10, maxMessages: 2 });
    expect(a.add('k', 1, 3, part('12345678'), 0).ok).toBe(true);
    expect(a.add('k', 2, 3, part('12345678'), 0)).toMatchObject({ ok: false, error: { code: 'subpackageLimit' } });
    expect(a.pendingBytes).toBe(0);
    a.add('a', 1, 2, part('x'), 0);
    a.add('b', 1, 2, part('x'), 0);
    a.add('c', 1, 2, part('x'), 0);
    expect(a.pendingMessages).toBe(2);
    expect(a.pendingBytes).toBe(2);
  });

  it('drops unfinished messages after the timeout', () => {
    const a = new Jt808SubpackageAssembler({ timeoutMs: 1000 });
    a.add('k', 1, 2, part('a'), 0);
    expect(a.expire(500)).toBe(0);
    expect(a.expire(1001)).toBe(1);
    expect(a.pendingBytes).toBe(0);
  });
});
