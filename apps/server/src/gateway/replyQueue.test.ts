import { describe, expect, it } from 'vitest';
import type { IngestTicket } from './ingestBatcher.ts';
import { ReplyQueue } from './replyQueue.ts';

const entry = (): IngestTicket => ({ state: 'waiting', alarms: [], latest: { newest: null, kmTime: -Infinity, km: null, fixes: null } });
const reply = (n: number) => Buffer.from([n]);
const bytes = (reply: Buffer | null) => [...(reply ?? [])];

describe('reply queue', () => {
  it('answers in arrival order, holding later replies behind an entry not yet stored', () => {
    const q = new ReplyQueue();
    const a = entry();
    const b = entry();
    q.push(a, reply(1));
    q.push(null, reply(2)); // a heartbeat after a location: answered after it
    q.push(b, reply(3));
    expect(q.waiting).toBe(2);
    b.state = 'stored'; // the later flush committed first
    expect(bytes(q.drain().reply)).toEqual([]);
    a.state = 'stored';
    const out = q.drain();
    expect(bytes(out.reply)).toEqual([1, 2, 3]);
    expect(out.stored).toEqual([a, b]);
    expect(q.waiting).toBe(0);
    expect(q.empty).toBe(true);
  });

  it('never acknowledges an entry whose write failed, and goes on with the next', () => {
    const q = new ReplyQueue();
    const a = entry();
    const b = entry();
    q.push(a, reply(1));
    q.push(b, reply(2));
    a.state = 'failed';
    b.state = 'stored';
    const out = q.drain();
    expect(bytes(out.reply)).toEqual([2]);
    expect(out.stored).toEqual([b]);
    expect(q.empty).toBe(true);
  });

  it("cuts a failed entry's reply out of the run and keeps later replies whole across compaction", () => {
    const q = new ReplyQueue();
    const held: IngestTicket[] = [];
    for (let i = 0; i < 200; i++) {
      const e = entry();
      held.push(e);
      q.push(e, Buffer.from([i & 0xff, 0xaa]));
      q.push(null, i % 3 === 0 ? undefined : Buffer.from([0xbb])); // a reply-less message every third
    }
    held.forEach((e, i) => (e.state = i < 100 ? (i % 10 === 5 ? 'failed' : 'stored') : 'waiting'));
    const expected = (from: number, to: number) =>
      held
        .slice(from, to)
        .flatMap((e, k) => [...(e.state === 'failed' ? [] : [(from + k) & 0xff, 0xaa]), ...((from + k) % 3 === 0 ? [] : [0xbb])]);
    expect(bytes(q.drain().reply)).toEqual(expected(0, 100));
    for (let i = 100; i < 200; i++) held[i].state = 'stored';
    const out = q.drain();
    expect(bytes(out.reply)).toEqual(expected(100, 200));
    expect(out.stored).toHaveLength(100);
    expect(q.empty).toBe(true);
    expect(q.drain().reply).toBeNull();
  });
});
