import { describe, expect, it } from 'vitest';
import { MemoryBus } from './bus.ts';

/** NATS matching, token by token: the reference the bus's subscription tree must agree with. */
function subjectMatches(pattern: string, subject: string): boolean {
  if (pattern === subject) return true;
  const p = pattern.split('.');
  const s = subject.split('.');
  for (let i = 0; i < p.length; i++) {
    if (p[i] === '>') return s.length > i;
    if (p[i] !== '*' && p[i] !== s[i]) return false;
    if (i === p.length - 1 && s.length !== p.length) return false;
  }
  return p.length === s.length;
}

const PATTERNS = [
  'pos.>',
  'pos.1.>',
  'pos.1.5.>',
  'pos.1.5.013900000001',
  'pos.*.5.>',
  'pos.*',
  '*.1.>',
  'alarm.>',
  'cmd.>',
  '>',
  'pos.1',
  'pos.1.5',
];
const SUBJECTS = [
  'pos.1.5.013900000001',
  'pos.1.013900000002',
  'pos.013900000003',
  'pos.2.5.013900000004',
  'alarm.1.5.x',
  'cmd.x',
  'pos.1',
  'pos',
  'pos.1.5',
];

describe('in-process bus', () => {
  it('delivers each subject to exactly the subscriptions whose pattern matches it (NATS semantics)', async () => {
    const bus = new MemoryBus();
    const got = new Map<string, string[]>();
    for (const p of PATTERNS) bus.subscribe(p, (_m, subject) => got.set(p, [...(got.get(p) ?? []), subject]));
    for (const s of SUBJECTS) bus.publish(s, {});
    await new Promise((r) => setTimeout(r, 0));
    for (const p of PATTERNS) expect(got.get(p) ?? [], p).toEqual(SUBJECTS.filter((s) => subjectMatches(p, s)));
    expect(got.get('pos.1.>')).toEqual(['pos.1.5.013900000001', 'pos.1.013900000002', 'pos.1.5']);
    expect(got.get('pos.*')).toEqual(['pos.013900000003', 'pos.1']);
  });

  it('stops delivering after unsubscribe, keeps a faulty subscriber from hurting the others', async () => {
    const bus = new MemoryBus();
    const seen: number[] = [];
    const off = bus.subscribe<number>('pos.>', (n) => seen.push(n));
    bus.subscribe('pos.>', () => {
      throw new Error('faulty');
    });
    bus.subscribe<number>('pos.>', (n) => seen.push(n * 10));
    bus.publish('pos.1.x', 1);
    await new Promise((r) => setTimeout(r, 0));
    off();
    bus.publish('pos.1.x', 2);
    await new Promise((r) => setTimeout(r, 0));
    expect(seen).toEqual([1, 10, 20]);
  });

  it('says a subject interests someone exactly when a publish on it would be delivered', () => {
    const bus = new MemoryBus();
    for (const s of SUBJECTS) expect(bus.interested(s), s).toBe(false);
    const offs = PATTERNS.map((p) => bus.subscribe(p, () => {}));
    for (const s of SUBJECTS) expect(bus.interested(s), s).toBe(PATTERNS.some((p) => subjectMatches(p, s)));
    offs.forEach((off) => off());
    for (const s of SUBJECTS) expect(bus.interested(s), s).toBe(false);
  });
});
