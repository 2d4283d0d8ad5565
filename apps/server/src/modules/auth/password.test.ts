import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hashPassword, passwordChecksWaiting, verifyPassword } from './password.ts';
import { HASHER_NICENESS, passwordHasher } from './passwordHasher.ts';

/** The niceness of each of this process's threads, as Linux reports them (field 19 of /proc/…/stat). */
function threadNiceness(): number[] {
  return fs.readdirSync('/proc/self/task').map((tid) => {
    const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

/** The niceness of the thread running this file (the event loop's), as Linux reports it. */
function ownNiceness(): number {
  const stat = fs.readFileSync('/proc/thread-self/stat', 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}

// Before this file hashes anything: the forks are shared between files (isolate: false), so what
// the event loop's thread was is read here, not assumed.
const eventLoopNiceness = process.platform === 'linux' ? ownNiceness() : 0;

describe('password hashes', () => {
  it('verify the password they were made from, and nothing else', async () => {
    const stored = await hashPassword('Secret-pass-1');
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await verifyPassword('Secret-pass-1', stored)).toBe(true);
    expect(await verifyPassword('Secret-pass-2', stored)).toBe(false);
    expect(await verifyPassword('Secret-pass-1', 'md5$abc')).toBe(false);
  });

  it('run one at a time on a thread of the lowest priority, counted while they wait', async () => {
    const stored = await hashPassword('Secret-pass-1');
    const checks = Array.from({ length: 4 }, () => verifyPassword('Secret-pass-1', stored));
    expect(passwordChecksWaiting()).toBe(4);
    expect(await Promise.all(checks)).toEqual([true, true, true, true]);
    expect(passwordChecksWaiting()).toBe(0);
    if (process.platform !== 'linux') return;
    expect(await passwordHasher.niceness).toBe(HASHER_NICENESS);
    // The hashing thread is lowered (the sheet worker may be too); the event loop's stays where it was.
    expect(threadNiceness()).toContain(HASHER_NICENESS);
    expect(ownNiceness()).toBe(eventLoopNiceness);
  });
});
