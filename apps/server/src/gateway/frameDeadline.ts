import type { FastifyBaseLogger } from 'fastify';
import { countRejected, type ProtocolCounters } from '../core/metrics.ts';

/** A frame must be complete this long after its first byte (FRAME_DEADLINE_SECONDS; docs/security.md says why 30). */
export const DEFAULT_FRAME_DEADLINE_SECONDS = 30;

export interface DeadlineOptions {
  /** A connection without a complete frame this long is closed (OFFLINE_AFTER_SECONDS). */
  idleMs: number;
  /** A frame begun and not finished this long closes its connection. */
  frameDeadlineMs: number;
}

/** The connection a deadline closes (a TerminalSession), and what its close is logged with. */
export interface DeadlineSubject {
  readonly counters: ProtocolCounters;
  readonly wireId: string;
  readonly codec: { name: string };
  close(): void;
}

/**
 * One connection's clocks, set by its session after each read: when its last complete frame came,
 * and since when a frame has been begun but not finished (0: none). Only the sweep reads them.
 */
export class ConnectionDeadline {
  lastFrameAt: number;
  partialSince = 0;

  constructor(
    private readonly clock: { now: number },
    readonly subject: DeadlineSubject,
    readonly address: string | undefined,
  ) {
    this.lastFrameAt = clock.now;
  }

  /** After a read: `frames` completed, `buffered` bytes of an unfinished one held by the framer. */
  read(frames: number, buffered: number) {
    if (frames > 0) {
      this.lastFrameAt = this.clock.now;
      // The unfinished rest began in this chunk, after the frames it completed.
      this.partialSince = buffered > 0 ? this.clock.now : 0;
    } else if (buffered === 0)
      this.partialSince = 0; // junk only: the framer's junk limit and the idle clock see to it
    else if (this.partialSince === 0) this.partialSince = this.clock.now;
  }

  /** The gateway stopped reading (backpressure): the frame cannot finish, so its clock restarts at the next read. */
  paused() {
    this.partialSince = 0;
  }
}

/**
 * Every connection's idle and frame deadlines, checked by one sweep (issue 33: no timer per
 * connection, nothing re-armed per byte). The clock is read once per sweep; a late frame's
 * connection is closed within two sweeps after its deadline, never before it. The sweep runs only
 * while a connection is open: a gateway without terminals is not woken every second.
 */
export class ConnectionDeadlines {
  /** The sweep's clock reading, which connections stamp their reads with. */
  now = Date.now();
  private readonly watched = new Set<ConnectionDeadline>();
  private timer: NodeJS.Timeout | null = null;
  /** Between start() and stop(): connections are swept while there are any. */
  private started = false;
  readonly sweepMs: number;

  constructor(
    private readonly opts: DeadlineOptions,
    private readonly stats: { frameDeadlines: number },
    private readonly log: FastifyBaseLogger,
  ) {
    // A quarter of the shorter limit, at most a second: 20 000 connections cost one loop a second.
    this.sweepMs = Math.max(50, Math.min(1000, opts.idleMs / 4, opts.frameDeadlineMs / 4));
  }

  start() {
    this.started = true;
    if (this.watched.size) this.startSweeping();
  }

  stop() {
    this.started = false;
    this.stopSweeping();
  }

  private startSweeping() {
    if (this.timer) return;
    // The clock stood still while nobody was swept: the new connection is stamped with the time now.
    this.now = Date.now();
    this.timer = setInterval(() => this.sweep(), this.sweepMs);
    this.timer.unref();
  }

  private stopSweeping() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  watch(subject: DeadlineSubject, address: string | undefined): ConnectionDeadline {
    if (this.started) this.startSweeping();
    const d = new ConnectionDeadline(this, subject, address);
    this.watched.add(d);
    return d;
  }

  forget(d: ConnectionDeadline) {
    this.watched.delete(d);
  }

  get size() {
    return this.watched.size;
  }

  sweep(now = Date.now()) {
    this.now = now;
    // A stamp is the previous sweep's reading, up to one sweep early: a frame is never cut before its deadline.
    const frameBefore = now - this.opts.frameDeadlineMs - this.sweepMs;
    const idleBefore = now - this.opts.idleMs;
    for (const d of this.watched) {
      if (d.partialSince !== 0 && d.partialSince < frameBefore) this.frameLate(d);
      else if (d.lastFrameAt < idleBefore) this.expire(d);
    }
    if (this.watched.size === 0) this.stopSweeping();
  }

  private frameLate(d: ConnectionDeadline) {
    this.stats.frameDeadlines++;
    countRejected(d.subject.counters, 'deadline');
    const seconds = Math.round((this.now - d.partialSince) / 1000);
    const { wireId, codec } = d.subject;
    this.log.warn(
      { terminal: wireId, protocol: codec.name, address: d.address, seconds, deadlineSeconds: this.opts.frameDeadlineMs / 1000 },
      '终端数据帧未在时限内收完，断开连接',
    );
    this.expire(d);
  }

  private expire(d: ConnectionDeadline) {
    this.watched.delete(d); // closed once, even before its socket's 'close' comes
    d.subject.close();
  }
}
