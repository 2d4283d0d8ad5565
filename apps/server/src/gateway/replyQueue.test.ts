import { describe, expect, it } from 'vitest';
import type { IngestEntry } from './ingestBatcher.ts';
import { ReplyQueue } from './replyQueue.ts';

const entry = (): IngestEntry => ({ positions: [], alarms: [], state: 'waiting' });
const reply = (n: number) => Buffer.from([n]);
const bytes = (replies: Buffer[]) => replies.map((b) => b[0]);

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
    expect(bytes(q.drain().replies)).toEqual([]);
    a.state = 'stored';
    const out = q.drain();
    expect(bytes(out.replies)).toEqual([1, 2, 3]);
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
    expect(bytes(out.replies)).toEqual([2]);
    expect(out.stored).toEqual([b]);
    expect(q.empty).toBe(true);
  });
});
