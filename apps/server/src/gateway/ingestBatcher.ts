import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/types.ts';
import { ingestQueries, type NewAlarm, type StoredPosition } from './ingest.queries.ts';
import { PositionCopyWriter } from './positionCopy.ts';
import { hasFix, NO_ROWS } from './positionRows.ts';

/** What one message stores; the batcher fills in its outcome. */
export interface IngestEntry {
  /**
   * The message's rows, oldest first, handed over by `add`: they are encoded into the batch's COPY
   * data at once and the entry lets them go. (Kept until the flush, a row per in-flight message
   * outlived young-generation collections, and V8 moved them to the old generation: allocation
   * and collection were the gateway's largest cost after its socket calls.)
   */
  positions: readonly StoredPosition[];
  alarms: NewAlarm[];
  /** 'stored' once committed (the terminal may now be answered), 'failed' when the write failed. */
  state?: 'waiting' | 'stored' | 'failed';
  /** The new alarms' ids, in entry order, once stored. */
  alarmIds?: number[];
  /** Its terminal's newest fix in its batch (shared by that batch's entries of the terminal): live news once stored. */
  latest?: LatestFix;
}

/** Per terminal and batch: the newest report with a usable fix, and the newest odometer reading (not in every report; it rides along). */
export interface LatestFix {
  newest: StoredPosition | null;
  kmTime: number;
  km: number | null;
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

/** What the next flush writes: its entries, their owners, its rows already as COPY data. */
class Batch {
  readonly entries: IngestEntry[] = [];
  readonly owners: IngestOwner[] = [];
  rows = 0;
  private copy: PositionCopyWriter | null = null;
  private readonly latest = new Map<number, LatestFix>();

  /** Encodes the rows (all or none: a row that cannot be encoded throws and leaves the batch as it was). */
  addPositions(rows: readonly StoredPosition[]): LatestFix {
    // Starts small and doubles: a quiet gateway flushes a few rows every 50 ms.
    (this.copy ??= new PositionCopyWriter()).addAll(rows);
    let fix!: LatestFix;
    for (const p of rows) fix = this.note(p);
    return fix;
  }

  private note(p: StoredPosition): LatestFix {
    let t = this.latest.get(p.terminalPk);
    if (!t) this.latest.set(p.terminalPk, (t = { newest: null, kmTime: -Infinity, km: null }));
    if (p.mileage !== null && t.kmTime <= p.gpsTime) {
      t.kmTime = p.gpsTime;
      t.km = p.mileage;
    }
    if (hasFix(p) && (!t.newest || t.newest.gpsTime <= p.gpsTime)) t.newest = p;
    return t;
  }

  get positions() {
    return this.copy?.rows ?? 0;
  }

  copyData(): Uint8Array {
    return this.copy!.finish();
  }

  /** After a committed flush: the COPY data's buffer serves a later batch. */
  recycle() {
    this.copy?.recycle();
    this.copy = null;
  }

  /**
   * The rows latest_positions gets, one per terminal, sorted by terminal so concurrent upserts lock
   * rows in one order; each fix gets the batch's newest odometer reading when it has none of its own.
   */
  latestRows(): StoredPosition[] {
    const rows: StoredPosition[] = [];
    for (const t of this.latest.values()) {
      if (!t.newest) continue;
      if (t.newest.mileage === null && t.km !== null) t.newest = { ...t.newest, mileage: t.km };
      rows.push(t.newest);
    }
    return rows.sort((a, b) => a.terminalPk - b.terminalPk);
  }
}

/**
 * Group commit for the gateway: entries from every connection are written together (positions by
 * COPY and the latest position per terminal by one upsert, in one transaction; alarms by one
 * INSERT). When a flush has committed, each entry is marked stored and each owner is told once —
 * the moment its terminal may be answered. Rows arriving while flushes run form the next batch; up to
 * `maxConcurrentFlushes` commit at once (the owners keep each terminal's replies in order).
 */
export class IngestBatcher {
  private waiting: Batch;
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
  ) {
    this.waiting = new Batch();
  }

  /**
   * Queues the entry; `owner.settled()` follows its flush. False when refused (closing, or too much
   * waiting): nothing is stored and the terminal must not be answered.
   */
  add(entry: IngestEntry, owner: IngestOwner): boolean {
    const rows = entry.positions.length + entry.alarms.length;
    const batch = this.waiting;
    if (this.closed || batch.rows + rows > this.opts.maxPendingRows) return false;
    if (entry.positions.length) {
      try {
        entry.latest = batch.addPositions(entry.positions);
      } catch (err) {
        this.log.error({ err }, '定位数据无法编码，已拒收');
        return false;
      }
      entry.positions = NO_ROWS;
    }
    entry.state = 'waiting';
    if (batch.entries.length === 0) this.oldestAt = Date.now();
    batch.entries.push(entry);
    // A connection's messages of one read arrive in a row: each owner once per run (told once per flush anyway).
    if (batch.owners[batch.owners.length - 1] !== owner) batch.owners.push(owner);
    batch.rows += rows;
    this.schedule();
    return true;
  }

  private schedule() {
    if (this.waiting.entries.length === 0 || this.flushing.size >= this.concurrency()) return;
    if (this.waiting.rows >= this.opts.maxRows) return this.flushNow();
    if (this.timer) return; // the oldest row's deadline is set already (no clock reading per message)
    const waited = Date.now() - this.oldestAt;
    if (waited >= this.opts.maxDelayMs) return this.flushNow();
    this.timer = setTimeout(() => {
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
    this.waiting = new Batch();
    const done: Promise<void> = this.write(batch).finally(() => {
      this.flushing.delete(done);
      this.schedule();
    });
    this.flushing.add(done);
  }

  private async write(batch: Batch) {
    const alarms: NewAlarm[] = [];
    for (const entry of batch.entries) for (const a of entry.alarms) alarms.push(a);
    const positions = batch.positions;
    let alarmIds: number[] | null = null;
    const started = performance.now();
    try {
      [, alarmIds] = await Promise.all([
        positions ? ingestQueries.storePositions(this.db, batch.copyData(), batch.latestRows()) : undefined,
        alarms.length ? ingestQueries.insertAlarms(this.db, alarms) : Promise.resolve([] as number[]),
      ]);
      batch.recycle();
      this.stats.flushes++;
      this.stats.rows += positions + alarms.length;
      this.stats.flushMs += performance.now() - started;
    } catch (err) {
      this.stats.failures++;
      this.log.error({ err, rows: positions }, '定位数据写入失败');
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
