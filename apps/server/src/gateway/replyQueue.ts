import type { IngestTicket } from './ingestBatcher.ts';

const EMPTY = Buffer.alloc(0);
// An empty answer shares these (frozen: a drain that has something makes its own).
const NONE_STORED = Object.freeze([]) as unknown as IngestTicket[];

interface Drained {
  reply: Buffer | null;
  stored: IngestTicket[];
  arrivals: number[];
}

/** Who hears what a drain answers (drainTo). */
export interface DrainSink {
  /** The tickets stored, in order (a ticket shared by consecutive messages once): before the replies go. */
  stored(tickets: IngestTicket[]): void;
  /** A message whose reply goes now: when it was read. */
  answered(arrivedAt: number): void;
}

/**
 * A connection's replies in the order its messages came: a reply waits until the message it
 * acknowledges (and every earlier one) has an outcome. A message whose write failed is never
 * acknowledged; the terminal sends it again.
 *
 * The waiting replies are bytes in one buffer of the connection, not a Buffer each: every
 * in-flight position kept one more object alive across young-generation collections, and the
 * answered run leaves as one write of a view into that buffer (no copy, no new buffer: issue 33).
 */
export class ReplyQueue {
  // Parallel arrays rather than an object per message, for the same reason; [head, count) is the
  // queue, and the arrays keep their room between flushes instead of growing again each time.
  private readonly tickets: Array<IngestTicket | null> = [];
  /** Where each message's reply ends in `bytes` (equal to the previous end when it has none). */
  private readonly ends: number[] = [];
  /** When each message was read (epoch ms): the reply-after-commit metric. */
  private readonly arrived: number[] = [];
  private count = 0;
  private bytes = EMPTY;
  private used = 0;
  private head = 0;
  /** Entries not yet stored or failed. */
  waiting = 0;

  get empty() {
    return this.head === this.count;
  }

  push(ticket: IngestTicket | null, reply: Uint8Array | undefined, arrivedAt = 0) {
    if (reply?.length) {
      if (this.used + reply.length > this.bytes.length) this.grow(reply.length);
      this.bytes.set(reply, this.used);
      this.used += reply.length;
    }
    this.tickets[this.count] = ticket;
    this.ends[this.count] = this.used;
    this.arrived[this.count] = arrivedAt;
    this.count++;
    if (ticket) this.waiting++;
  }

  /** drainTo's answer as one object (tests). */
  drain(): Drained {
    const out: Drained = { reply: null, stored: NONE_STORED, arrivals: [] };
    out.reply = this.drainTo({ stored: (tickets) => (out.stored = tickets), answered: (at) => out.arrivals.push(at) });
    return out;
  }

  /**
   * Takes everything answerable now, in order: the replies to write, as one buffer (null when
   * none); the tickets that were stored (for live news; a ticket shared by consecutive messages
   * once) and when each answered message came go to `sink` first. The reply may be a view into the
   * queue's own buffer, valid until the next push: written at once, and `keep()` called when the
   * socket could not send it all at once.
   *
   * What it makes is new each time and dropped by the caller at once, so it dies young. Kept on the
   * queue for reuse, it outlived young collections until the connection's next flush (a report
   * later): emptied by `length = 0` its arrays were allocated again at every drain, and through
   * them each stored ticket, its fix and the reply view were promoted — half of what the gateway
   * promoted at the real pattern, and the old generation's collections that followed (issue 33).
   * The sink rather than an answer object with an array of arrival times: two objects fewer a
   * position.
   */
  drainTo(sink: DrainSink): Buffer | null {
    let stored = NONE_STORED;
    // Nearly always one run of replies; a failed entry's reply cut out makes more.
    let parts: Buffer[] | null = null;
    let runStart = this.startOf(this.head);
    let at = this.head;
    for (; at < this.count; at++) {
      const ticket = this.tickets[at];
      if (ticket) {
        if (ticket.state === 'waiting') break;
        this.waiting--;
        if (ticket.state !== 'stored') {
          // Not acknowledged: its reply is cut out of the run.
          if (this.startOf(at) > runStart) (parts ??= []).push(this.bytes.subarray(runStart, this.startOf(at)));
          runStart = this.ends[at];
        } else {
          // Nearly always one: a literal of one, not a push's room for 17.
          if (stored.length === 0) stored = [ticket];
          else if (stored[stored.length - 1] !== ticket) stored.push(ticket);
          if (this.ends[at] > this.startOf(at)) sink.answered(this.arrived[at]);
        }
      }
      this.tickets[at] = null; // answered: let it go now, not when the queue next empties
    }
    const end = this.startOf(at);
    let reply: Buffer | null = null;
    if (parts) {
      if (end > runStart) parts.push(this.bytes.subarray(runStart, end));
      reply = parts.length === 0 ? null : Buffer.concat(parts);
    } else if (end > runStart) {
      reply = this.bytes.subarray(runStart, end);
      // Compaction moves what is left over these bytes: then the reply is a copy.
      if (at !== this.count && at > 64) reply = Buffer.from(reply);
    }
    this.head = at;
    this.compact();
    if (stored.length) sink.stored(stored);
    return reply;
  }

  /** The last reply is still being sent (the socket holds it): later replies go to a new buffer. */
  keep() {
    const next = Buffer.allocUnsafe(Math.max(256, this.used));
    this.bytes.copy(next, 0, 0, this.used);
    this.bytes = next;
  }

  /** Where message `i`'s reply begins. */
  private startOf(i: number) {
    return i === 0 ? 0 : this.ends[i - 1];
  }

  private compact() {
    if (this.head === this.count) {
      this.count = 0;
      this.used = 0;
      this.head = 0;
    } else if (this.head > 64) {
      const base = this.startOf(this.head);
      this.bytes.copyWithin(0, base, this.used);
      this.used -= base;
      const kept = this.count - this.head;
      for (let i = 0; i < kept; i++) {
        this.tickets[i] = this.tickets[this.head + i];
        this.ends[i] = this.ends[this.head + i] - base;
        this.arrived[i] = this.arrived[this.head + i];
      }
      this.tickets.fill(null, kept, this.count); // moved down: no stale references above
      this.count = kept;
      this.head = 0;
    }
  }

  private grow(need: number) {
    const next = Buffer.allocUnsafe(Math.max(256, this.bytes.length * 2, this.used + need));
    this.bytes.copy(next, 0, 0, this.used);
    this.bytes = next;
  }
}
