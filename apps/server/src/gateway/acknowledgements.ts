import { replyAfterCommit } from '../core/metrics.ts';
import type { IngestTicket } from './ingestBatcher.ts';
import { ReplyQueue, type DrainSink } from './replyQueue.ts';

/** Entries waiting for storage; past this the connection waits for its acknowledgements. */
const MAX_IN_FLIGHT = 64;

/**
 * One connection's acknowledgements: each reply written only after what it acknowledges (and
 * everything before it) is stored, in order, and the frame loop held while too much waits.
 */
export class Acknowledgements implements DrainSink {
  private readonly replies = new ReplyQueue();
  /** Wakes the frame loop once fewer than MAX_IN_FLIGHT entries wait for storage. */
  private roomWaiter: (() => void) | null = null;

  /**
   * `write` says whether the socket still holds the frame (not all sent at once: it must not
   * change); `told` hears what was stored before the replies go (the engines judge a fix first).
   */
  constructor(
    private readonly write: (frame: Buffer) => boolean,
    private readonly told: (stored: IngestTicket[]) => void,
  ) {}

  /** A reply that acknowledges nothing stored: written at once, or after what earlier replies wait for. */
  answer(reply: Buffer, now: number) {
    if (this.replies.empty) this.write(reply);
    else this.replies.push(null, reply, now);
  }

  /**
   * A reply (if any) to a message whose rows went to the batcher under `ticket`. Returns a promise
   * only when the frame loop must wait for room (too many entries in flight).
   */
  afterStored(ticket: IngestTicket, reply: Buffer | undefined, now: number): Promise<void> | undefined {
    this.replies.push(ticket, reply, now);
    return this.room();
  }

  /** A reply that stores nothing, in a stream where earlier replies may still wait: in order, maybe waiting for room. */
  inOrder(reply: Buffer, now: number): Promise<void> | undefined {
    if (this.replies.empty) return void this.write(reply); // nothing earlier to wait for
    this.replies.push(null, reply, now);
    return this.room();
  }

  /**
   * A flush holding some of this connection's entries finished: answers, in order, what may be
   * answered, `told` first.
   */
  settled() {
    const reply = this.replies.drainTo(this);
    // Every answerable reply in one write, one syscall, straight from the queue's buffer.
    if (reply && this.write(reply)) this.replies.keep();
    if (this.roomWaiter && this.replies.waiting < MAX_IN_FLIGHT) {
      const wake = this.roomWaiter;
      this.roomWaiter = null;
      wake();
    }
  }

  /** DrainSink: the stored tickets, told before the replies go (the engines judge a fix first). */
  stored(tickets: IngestTicket[]) {
    this.told(tickets);
  }

  /** DrainSink: a message answered now, for the reply-after-commit metric. */
  answered(arrivedAt: number) {
    replyAfterCommit.observe((Date.now() - arrivedAt) / 1000);
  }

  private room(): Promise<void> | undefined {
    if (this.replies.waiting >= MAX_IN_FLIGHT) return new Promise((resolve) => (this.roomWaiter = resolve));
  }
}
