import type { IngestEntry } from './ingestBatcher.ts';

interface Pending {
  entry: IngestEntry | null;
  reply: Buffer | undefined;
}

/**
 * A connection's replies in the order its messages came: a reply waits until the entry it
 * acknowledges (and every earlier one) has an outcome. A failed entry is never acknowledged; the
 * terminal sends it again.
 */
export class ReplyQueue {
  private items: Pending[] = [];
  private head = 0;
  /** Entries not yet stored or failed. */
  waiting = 0;

  get empty() {
    return this.head === this.items.length;
  }

  push(entry: IngestEntry | null, reply: Buffer | undefined) {
    this.items.push({ entry, reply });
    if (entry) this.waiting++;
  }

  /**
   * Takes everything answerable now, in order: the replies to write (one write for all of them)
   * and the entries that were stored (for live news).
   */
  drain(): { replies: Buffer[]; stored: IngestEntry[] } {
    const replies: Buffer[] = [];
    const stored: IngestEntry[] = [];
    while (this.head < this.items.length) {
      const { entry, reply } = this.items[this.head];
      if (entry) {
        if (entry.state === 'waiting') break;
        this.waiting--;
        if (entry.state !== 'stored') {
          this.head++;
          continue;
        }
        stored.push(entry);
      }
      if (reply) replies.push(reply);
      this.head++;
    }
    if (this.head === this.items.length) {
      this.items = [];
      this.head = 0;
    } else if (this.head > 64) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return { replies, stored };
  }
}
