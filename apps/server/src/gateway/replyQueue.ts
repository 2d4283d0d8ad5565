import type { IngestEntry } from './ingestBatcher.ts';

/**
 * A connection's replies in the order its messages came: a reply waits until the entry it
 * acknowledges (and every earlier one) has an outcome. A failed entry is never acknowledged; the
 * terminal sends it again.
 */
export class ReplyQueue {
  // Two parallel arrays rather than an object per message: every in-flight position would keep
  // one more object alive across young-generation collections.
  private entries: Array<IngestEntry | null> = [];
  private replies: Array<Buffer | undefined> = [];
  private head = 0;
  /** Entries not yet stored or failed. */
  waiting = 0;

  get empty() {
    return this.head === this.entries.length;
  }

  push(entry: IngestEntry | null, reply: Buffer | undefined) {
    this.entries.push(entry);
    this.replies.push(reply);
    if (entry) this.waiting++;
  }

  /**
   * Takes everything answerable now, in order: the replies to write (one write for all of them)
   * and the entries that were stored (for live news).
   */
  drain(): { replies: Buffer[]; stored: IngestEntry[] } {
    const replies: Buffer[] = [];
    const stored: IngestEntry[] = [];
    while (this.head < this.entries.length) {
      const entry = this.entries[this.head];
      const reply = this.replies[this.head];
      if (entry) {
        if (entry.state === 'waiting') break;
        this.waiting--;
        if (entry.state !== 'stored') {
          this.entries[this.head] = null;
          this.replies[this.head] = undefined;
          this.head++;
          continue;
        }
        stored.push(entry);
      }
      if (reply) replies.push(reply);
      this.entries[this.head] = null; // answered: let it go now, not when the queue next empties
      this.replies[this.head] = undefined;
      this.head++;
    }
    if (this.head === this.entries.length) {
      this.entries = [];
      this.replies = [];
      this.head = 0;
    } else if (this.head > 64) {
      this.entries = this.entries.slice(this.head);
      this.replies = this.replies.slice(this.head);
      this.head = 0;
    }
    return { replies, stored };
  }
}
