/**
 * Reassembles JT/T 808 multi-packet messages (header bit 13) for one connection. Pure state,
 * no timers: the caller passes `now`. Limits bound what a hostile or broken terminal can make
 * it hold: groups in progress, parts per message, bytes held, and an age after which an
 * unfinished message is dropped.
 */
import type { Result, SubpackageSink } from '../model.ts';
import { fail, ok } from '../common/result.ts';

export interface SubpackageLimits {
  /** Messages being reassembled at once; the oldest is dropped past this. Default 8. */
  maxMessages?: number;
  /** Parts one message may declare. Default 256. */
  maxParts?: number;
  /** Bytes held across all messages. Default 256 KiB. */
  maxBytes?: number;
  /** Age (ms) after which an unfinished message is dropped. Default 120 000. */
  timeoutMs?: number;
}

interface Group {
  total: number;
  parts: (Buffer | undefined)[];
  received: number;
  bytes: number;
  startedAt: number;
}

export class Jt808SubpackageAssembler implements SubpackageSink {
  private readonly groups = new Map<string, Group>();
  private held = 0;
  private readonly maxMessages: number;
  private readonly maxParts: number;
  private readonly maxBytes: number;
  private readonly timeoutMs: number;

  constructor(limits: SubpackageLimits = {}) {
    this.maxMessages = limits.maxMessages ?? 8;
    this.maxParts = limits.maxParts ?? 256;
    this.maxBytes = limits.maxBytes ?? 256 * 1024;
    this.timeoutMs = limits.timeoutMs ?? 120_000;
  }

  get pendingMessages(): number {
    return this.groups.size;
  }

  get pendingBytes(): number {
    return this.held;
  }

  has(key: string): boolean {
    return this.groups.has(key);
  }

  /**
   * Add part `index` (1-based) of `total` for the message `key`. Returns the whole body when
   * this part completes it, null while parts are missing, or an error when a limit refuses it.
   */
  add(key: string, index: number, total: number, body: Buffer, now: number): Result<Buffer | null> {
    this.expire(now);
    if (total < 1 || index < 1 || index > total) {
      return fail('badField', `packet ${index} of ${total} is not a valid sub-package`);
    }
    if (total > this.maxParts) {
      return fail('subpackageLimit', `${total} packets exceed the limit of ${this.maxParts}`);
    }
    let group = this.groups.get(key);
    if (group && group.total !== total) {
      this.drop(key, group);
      group = undefined;
    }
    if (!group) {
      while (this.groups.size >= this.maxMessages) this.dropOldest();
      group = { total, parts: new Array(total), received: 0, bytes: 0, startedAt: now };
      this.groups.set(key, group);
    }
    const previous = group.parts[index - 1];
    const growth = body.length - (previous?.length ?? 0);
    if (this.held + growth > this.maxBytes) {
      this.drop(key, group);
      return fail('subpackageLimit', `holding ${this.held + growth} bytes exceeds ${this.maxBytes}`);
    }
    group.parts[index - 1] = Buffer.from(body);
    group.bytes += growth;
    this.held += growth;
    if (!previous) group.received++;
    if (group.received < total) return ok(null);
    this.drop(key, group);
    return ok(Buffer.concat(group.parts as Buffer[]));
  }

  /** Drop messages older than the timeout; returns how many were dropped. */
  expire(now: number): number {
    let dropped = 0;
    for (const [key, group] of this.groups) {
      if (now - group.startedAt > this.timeoutMs) {
        this.drop(key, group);
        dropped++;
      }
    }
    return dropped;
  }

  private dropOldest(): void {
    const first = this.groups.entries().next();
    if (!first.done) this.drop(first.value[0], first.value[1]);
  }

  private drop(key: string, group: Group): void {
    this.groups.delete(key);
    this.held -= group.bytes;
  }
}
