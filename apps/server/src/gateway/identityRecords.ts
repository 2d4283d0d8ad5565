import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/types.ts';
import { identityQueries, PENDING_FRAMES_KEPT, type PendingSighting } from './identity.queries.ts';

export interface IdentityRecordOptions {
  /** New pending identifiers recorded per minute by this gateway; more are dropped (a flood of made-up ids costs a log line). */
  newPendingPerMinute: number;
  /** How often what was seen is written. */
  flushMs: number;
}

export const DEFAULT_IDENTITY_RECORDS: IdentityRecordOptions = { newPendingPerMinute: 60, flushMs: 1000 };

/** Bytes of a frame kept as hex: a location or a login is far shorter; a flood of long junk is not stored whole. */
const FRAME_BYTES_KEPT = 256;

/**
 * What the gateway saw of identities it refused, written in batches: identifiers nobody registered
 * (待接入终端, rate-limited: made-up ids by the thousand become at most `newPendingPerMinute` rows a
 * minute) and refused claims on live terminals (身份冲突, counted on the terminal).
 */
export class IdentityRecords {
  private readonly pending = new Map<string, PendingSighting>();
  private readonly conflicts = new Map<number, { id: number; count: number; at: number }>();
  private windowStart = 0;
  private newInWindow = 0;
  private droppedInWindow = 0;
  /** Set while something waits to be written: a gateway nobody bothers is not woken (issue 33). */
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly opts: IdentityRecordOptions = DEFAULT_IDENTITY_RECORDS,
  ) {}

  /** What was just noted is written `flushMs` from now, with whatever comes meanwhile. */
  private later() {
    if (this.timer || this.stopped) return;
    this.timer = setTimeout(() => void this.flush(), this.opts.flushMs);
    this.timer.unref();
  }

  /** An identifier nobody registered tried to connect; `known`: it already waits in the list (not a new row). */
  unknown(s: { identifier: string; key: string; protocol: string; address: string; frame?: Buffer }, known: boolean, now = Date.now()) {
    let seen = this.pending.get(s.key);
    if (!seen) {
      if (!known && !this.admitNew(now)) return;
      seen = {
        identifier: s.identifier,
        key: s.key,
        protocol: s.protocol,
        address: s.address,
        attempts: 0,
        firstAt: now,
        lastAt: now,
        frames: [],
      };
      this.pending.set(s.key, seen);
    }
    seen.attempts++;
    seen.lastAt = now;
    seen.address = s.address;
    if (s.frame && seen.frames.length < PENDING_FRAMES_KEPT) seen.frames.push(s.frame.subarray(0, FRAME_BYTES_KEPT).toString('hex'));
    this.later();
  }

  /** A connection claiming a live terminal's id was refused. */
  conflict(terminalPk: number, now = Date.now()) {
    const c = this.conflicts.get(terminalPk);
    if (c) {
      c.count++;
      c.at = now;
    } else this.conflicts.set(terminalPk, { id: terminalPk, count: 1, at: now });
    this.later();
  }

  private admitNew(now: number): boolean {
    if (now - this.windowStart >= 60_000) {
      if (this.droppedInWindow) this.log.warn({ dropped: this.droppedInWindow }, '未知终端连接过多，待接入记录已限流');
      this.windowStart = now;
      this.newInWindow = 0;
      this.droppedInWindow = 0;
    }
    if (this.newInWindow >= this.opts.newPendingPerMinute) {
      this.droppedInWindow++;
      return false;
    }
    this.newInWindow++;
    return true;
  }

  /** Writes what was gathered (one statement each); a failed write is logged and dropped: these are records, not data. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const run = async () => {
      const pending = [...this.pending.values()];
      const conflicts = [...this.conflicts.values()];
      this.pending.clear();
      this.conflicts.clear();
      try {
        if (pending.length) await identityQueries.recordPending(this.db, pending);
        if (conflicts.length) await identityQueries.recordConflicts(this.db, conflicts);
      } catch (err) {
        this.log.error({ err }, '终端身份记录写入失败');
      }
    };
    this.flushing = this.flushing.then(run);
    return this.flushing;
  }

  async stop() {
    this.stopped = true;
    await this.flush();
  }
}
