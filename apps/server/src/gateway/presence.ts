import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/types.ts';
import type { Bus } from '../bus/bus.ts';
import type { PositionFeed } from '../core/positionFeed.ts';
import { commandsQueries } from '../core/commandQueue.queries.ts';
import { RequestCoalescer } from './requestCoalescer.ts';
import { ingestQueries } from './ingest.queries.ts';
import { publishPresence } from './liveEvents.ts';
import type { TerminalInfo } from './terminalDirectory.ts';

interface Tracked {
  info: TerminalInfo;
  lastSeen: number;
  /** The last-seen time last handed to the database (touched). */
  written: number;
  /** Closes the connection that went silent. */
  close: () => void;
}

/**
 * Presence: online at a terminal's first message, offline after `offlineAfterSeconds` of silence.
 * Each gateway keeps terminals.last_seen_at fresh for the terminals it holds (batched, every
 * sweep); the offline decision is made against that shared record, so a terminal that moved to
 * another gateway is not declared offline by the one it left, and terminals of a gateway that
 * died are still declared offline by the others.
 */
export class PresenceTracker {
  private readonly tracked = new Map<number, Tracked>();
  /** Last-seen times not yet written, kept even after the connection left. */
  private readonly touched = new Map<number, number>();
  private timer: NodeJS.Timeout | null = null;
  private readonly refresh: number;
  private sweeping: Promise<void> | null = null;
  /**
   * This tracker's writes to terminals, one at a time: multi-row UPDATEs running side by side could
   * lock rows in opposite orders and deadlock.
   */
  private writes: Promise<unknown> = Promise.resolve();
  /** Terminals coming online, marked together (one UPDATE for a reconnect storm). */
  private readonly onlines = new RequestCoalescer<{ id: number; protocol: string }, void>(async (items) => {
    await this.serially(() => ingestQueries.markOnline(this.db, items));
    return items.map(() => undefined);
  });

  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
    private readonly log: FastifyBaseLogger,
    private readonly offlineAfterSeconds: number,
    /** This process's engines: told the changes this tracker decides (each decided once in a cluster). */
    private readonly feed?: PositionFeed,
  ) {
    this.refresh = this.refreshMs;
  }

  /** Sweeps often enough that last_seen_at is never staler than a quarter of the silence allowed. */
  get sweepIntervalMs(): number {
    return Math.min(10_000, Math.max(200, (this.offlineAfterSeconds * 1000) / 4));
  }

  /**
   * A terminal still heard from has its last_seen_at written again only this long after the last
   * write (issue 33: a fleet reporting every 5 s rewrote every terminal row every sweep, half a row
   * update per stored position). Its connection's close writes the true time, so the offline
   * decision still counts from the last message; while connected, the record is at most this
   * plus a sweep behind, well inside the silence allowed.
   */
  get refreshMs(): number {
    return Math.min(60_000, (this.offlineAfterSeconds * 1000) / 4);
  }

  start() {
    this.timer = setInterval(() => void this.sweep(), this.sweepIntervalMs);
    this.timer.unref();
  }

  /** A terminal identified itself on a connection: online now (stored before it is announced). */
  async arrive(info: TerminalInfo, protocol: string, close: () => void) {
    const previous = this.tracked.get(info.pk);
    const now = Date.now();
    this.tracked.set(info.pk, { info, lastSeen: now, written: now, close });
    if (previous && previous.close !== close) previous.close(); // the terminal reconnected: the old socket is dead
    await this.onlines.request({ id: info.pk, protocol });
    publishPresence(this.bus, this.feed, info, true);
  }

  /** A message came (`now`: when its connection's turn began, read once for its frames). */
  touch(pk: number, now = Date.now()) {
    const t = this.tracked.get(pk);
    if (!t || t.lastSeen === now) return; // several frames of one read: noted once
    t.lastSeen = now;
    if (now - t.written < this.refresh) return;
    t.written = now;
    this.touched.set(pk, now);
  }

  /** When the connection holding the terminal was last heard from in this process (undefined: none holds it). */
  heardAt(pk: number): number | undefined {
    return this.tracked.get(pk)?.lastSeen;
  }

  /** The connection closed; the terminal stays online until its silence says otherwise. */
  leave(pk: number, close: () => void) {
    const t = this.tracked.get(pk);
    if (t?.close !== close) return;
    this.tracked.delete(pk);
    if (t.lastSeen > t.written) this.touched.set(pk, t.lastSeen); // the record ends at its last message
  }

  update(info: TerminalInfo) {
    const t = this.tracked.get(info.pk);
    if (t) t.info = info;
  }

  sweep(): Promise<void> {
    this.sweeping ??= this.runSweep().finally(() => (this.sweeping = null));
    return this.sweeping;
  }

  private async runSweep() {
    try {
      const now = Date.now();
      const seen = this.takeTouched();
      if (seen.length) await this.serially(() => ingestQueries.touchSeen(this.db, seen));
      // forEach: every connection every sweep; a for…of made an iterator result per connection
      // (over entries() an array too: most of an idle gateway's garbage).
      const silentSince = now - this.offlineAfterSeconds * 1000;
      this.tracked.forEach((t, pk) => {
        if (t.lastSeen < silentSince) {
          this.tracked.delete(pk);
          t.close();
        }
      });
      const gone = await this.serially(() => ingestQueries.markSilentOffline(this.db, this.offlineAfterSeconds, null));
      for (const g of gone)
        publishPresence(
          this.bus,
          this.feed,
          { identifier: g.identifier, accountPath: g.account_path, vehicleId: g.vehicle_id, plate: g.plate },
          false,
        );
      await commandsQueries.expireQueued(this.db);
    } catch (err) {
      this.log.error({ err }, '在线状态检查失败');
    }
  }

  /** The last-seen times to write, and none left (forEach: a spread of the Map made an array per terminal). */
  private takeTouched(): Array<{ id: number; at: number }> {
    const seen: Array<{ id: number; at: number }> = [];
    this.touched.forEach((at, id) => seen.push({ id, at }));
    this.touched.clear();
    return seen;
  }

  private serially<T>(write: () => Promise<T>): Promise<T> {
    const run = this.writes.then(write, write);
    this.writes = run.catch(() => {});
    return run;
  }

  /**
   * Stops sweeping and writes what it still holds — the last-seen times of the connections the
   * gateway's close just ended — then waits for every write under way: all before the pool ends.
   */
  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.sweeping;
    const seen = this.takeTouched();
    if (seen.length)
      await this.serially(() => ingestQueries.touchSeen(this.db, seen)).catch((err) => this.log.error({ err }, '在线状态检查失败'));
    await this.writes;
  }
}
