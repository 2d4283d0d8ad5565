import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/types.ts';
import { ingestQueries, type NewAlarm, type StoredPosition } from './ingest.queries.ts';

/** What one message stores; the batcher fills in its outcome. */
export interface IngestEntry {
  positions: StoredPosition[];
  alarms: NewAlarm[];
  /** 'stored' once committed (the terminal may now be answered), 'failed' when the write failed. */
  state?: 'waiting' | 'stored' | 'failed';
  /** The new alarms' ids, in entry order, once stored. */
  alarmIds?: number[];
}

/** Who waits for entries: told once per flush, after every entry of that flush has its outcome. */
export interface IngestOwner {
  settled(): void;
}

export interface IngestOptions {
  /** Flush as soon as this many rows wait. */
  maxRows: number;
  /** …or when the oldest waiting row has waited this long. */
  maxDelayMs: number;
  /** Beyond this many waiting rows new entries are refused: the terminal gets no reply and resends later. */
  maxPendingRows: number;
  /** Flushes committing at once (each on its own connection); PGlite has one connection, so 1 there. */
  maxConcurrentFlushes: number;
}

export const DEFAULT_INGEST: IngestOptions = { maxRows: 5000, maxDelayMs: 50, maxPendingRows: 200_000, maxConcurrentFlushes: 2 };

/** Entries and their owners in two parallel arrays (no object per entry kept alive until the flush). */
interface Batch {
  entries: IngestEntry[];
  owners: IngestOwner[];
}

const emptyBatch = (): Batch => ({ entries: [], owners: [] });

/**
 * Group commit for the gateway: entries from every connection are written together (positions by
 * COPY and the latest position per terminal by one upsert, in one transaction; alarms by one
 * INSERT). When a flush has committed, each entry is marked stored and each owner is told once —
 * the moment its terminal may be answered. Rows arriving while flushes run form the next batch; up to
 * `maxConcurrentFlushes` commit at once (the owners keep each terminal's replies in order).
 */
export class IngestBatcher {
  private waiting: Batch = emptyBatch();
  private waitingRows = 0;
  private oldestAt = 0;
  private timer: NodeJS.Timeout | null = null;
  private readonly flushing = new Set<Promise<void>>();
  private closed = false;
  /** Figures for benchmarks and logs. */
  readonly stats = { flushes: 0, rows: 0, failures: 0, flushMs: 0 };

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly opts: IngestOptions = DEFAULT_INGEST,
  ) {}

  /**
   * Queues the entry; `owner.settled()` follows its flush. False when refused (closing, or too much
   * waiting): nothing is stored and the terminal must not be answered.
   */
  add(entry: IngestEntry, owner: IngestOwner): boolean {
    const rows = entry.positions.length + entry.alarms.length;
    if (this.closed || this.waitingRows + rows > this.opts.maxPendingRows) return false;
    entry.state = 'waiting';
    if (this.waiting.entries.length === 0) this.oldestAt = Date.now();
    this.waiting.entries.push(entry);
    this.waiting.owners.push(owner);
    this.waitingRows += rows;
    this.schedule();
    return true;
  }

  private schedule() {
    if (this.waiting.entries.length === 0 || this.flushing.size >= this.concurrency()) return;
    const waited = Date.now() - this.oldestAt;
    if (this.waitingRows >= this.opts.maxRows || waited >= this.opts.maxDelayMs) return this.flushNow();
    this.timer ??= setTimeout(() => {
      this.timer = null;
      this.schedule();
    }, this.opts.maxDelayMs - waited);
  }

  private concurrency() {
    return this.db.engine === 'pglite' ? 1 : Math.max(1, this.opts.maxConcurrentFlushes);
  }

  private flushNow() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.waiting;
    this.waiting = emptyBatch();
    this.waitingRows = 0;
    const done: Promise<void> = this.write(batch).finally(() => {
      this.flushing.delete(done);
      this.schedule();
    });
    this.flushing.add(done);
  }

  private async write(batch: Batch) {
    const positions: StoredPosition[] = [];
    const alarms: NewAlarm[] = [];
    for (const entry of batch.entries) {
      for (const p of entry.positions) positions.push(p);
      for (const a of entry.alarms) alarms.push(a);
    }
    let alarmIds: number[] | null = null;
    const started = performance.now();
    try {
      [, alarmIds] = await Promise.all([
        positions.length ? ingestQueries.storePositions(this.db, positions, newestPerTerminal(positions)) : undefined,
        alarms.length ? ingestQueries.insertAlarms(this.db, alarms) : Promise.resolve([] as number[]),
      ]);
      this.stats.flushes++;
      this.stats.rows += positions.length + alarms.length;
      this.stats.flushMs += performance.now() - started;
    } catch (err) {
      this.stats.failures++;
      this.log.error({ err, rows: positions.length }, '定位数据写入失败');
    }
    let next = 0;
    for (const entry of batch.entries) {
      if (alarmIds) {
        entry.state = 'stored';
        if (entry.alarms.length) entry.alarmIds = alarmIds.slice(next, (next += entry.alarms.length));
      } else entry.state = 'failed';
    }
    const owners = new Set(batch.owners);
    for (const owner of owners) {
      try {
        owner.settled();
      } catch (err) {
        this.log.error({ err }, '定位写入回执处理失败');
      }
    }
  }

  /** Writes what waits, then refuses new entries. */
  async close() {
    this.closed = true;
    while (this.flushing.size || this.waiting.entries.length) {
      if (this.waiting.entries.length && this.flushing.size < this.concurrency()) this.flushNow();
      await Promise.race(this.flushing);
    }
  }
}

/**
 * The row latest_positions gets per terminal: its newest report with a usable fix. Sorted by
 * terminal so concurrent upserts lock rows in one order.
 */
export function newestPerTerminal(positions: StoredPosition[]): StoredPosition[] {
  // One record per terminal (not an object per position): the newest fix, and the newest known
  // odometer reading, which is not in every report and rides along.
  const byTerminal = new Map<number, { newest: StoredPosition | null; kmTime: number; km: number | null }>();
  for (const p of positions) {
    let t = byTerminal.get(p.terminalPk);
    if (!t) byTerminal.set(p.terminalPk, (t = { newest: null, kmTime: -Infinity, km: null }));
    if (p.mileage !== null && t.kmTime <= p.gpsTime) {
      t.kmTime = p.gpsTime;
      t.km = p.mileage;
    }
    if (!p.valid && p.lat === 0 && p.lon === 0) continue;
    if (!t.newest || t.newest.gpsTime <= p.gpsTime) t.newest = p;
  }
  const rows: StoredPosition[] = [];
  for (const { newest, km } of byTerminal.values()) {
    if (newest) rows.push(newest.mileage === null && km !== null ? { ...newest, mileage: km } : newest);
  }
  return rows.sort((a, b) => a.terminalPk - b.terminalPk);
}
