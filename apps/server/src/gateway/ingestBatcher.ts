import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/types.ts';
import { ingestQueries, type NewAlarm, type StoredPosition } from './ingest.queries.ts';

export interface IngestEntry {
  positions: StoredPosition[];
  alarms: NewAlarm[];
}

export interface IngestOptions {
  /** Flush as soon as this many rows wait. */
  maxRows: number;
  /** …or when the oldest waiting row has waited this long. */
  maxDelayMs: number;
  /** Beyond this many waiting rows new entries are refused: the terminal gets no reply and resends later. */
  maxPendingRows: number;
}

export const DEFAULT_INGEST: IngestOptions = { maxRows: 2000, maxDelayMs: 50, maxPendingRows: 200_000 };

interface Waiter {
  entry: IngestEntry;
  resolve: (alarmIds: number[]) => void;
  reject: (err: Error) => void;
}

export class IngestOverloaded extends Error {}

/**
 * Group commit for the gateway: entries from every connection are written together (positions by
 * COPY, the latest position per terminal by one upsert, alarms by one INSERT), and each entry's
 * promise resolves only after its rows are committed — the moment its terminal may be answered.
 * One flush runs at a time; rows arriving meanwhile form the next, larger batch.
 */
export class IngestBatcher {
  private waiting: Waiter[] = [];
  private waitingRows = 0;
  private oldestAt = 0;
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private closed = false;
  /** Figures for benchmarks and logs. */
  readonly stats = { flushes: 0, rows: 0, failures: 0 };

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly opts: IngestOptions = DEFAULT_INGEST,
  ) {}

  /** Resolves with the new alarms' ids (in entry order) once everything in the entry is stored. */
  add(entry: IngestEntry): Promise<number[]> {
    if (this.closed) return Promise.reject(new Error('ingest closed'));
    const rows = entry.positions.length + entry.alarms.length;
    if (rows === 0) return Promise.resolve([]);
    if (this.waitingRows + rows > this.opts.maxPendingRows) return Promise.reject(new IngestOverloaded('ingest overloaded'));
    return new Promise((resolve, reject) => {
      if (this.waiting.length === 0) this.oldestAt = Date.now();
      this.waiting.push({ entry, resolve, reject });
      this.waitingRows += rows;
      this.schedule();
    });
  }

  private schedule() {
    if (this.flushing || this.waiting.length === 0) return;
    const waited = Date.now() - this.oldestAt;
    if (this.waitingRows >= this.opts.maxRows || waited >= this.opts.maxDelayMs) return this.flushNow();
    this.timer ??= setTimeout(() => {
      this.timer = null;
      this.schedule();
    }, this.opts.maxDelayMs - waited);
  }

  private flushNow() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.waiting;
    this.waiting = [];
    this.waitingRows = 0;
    this.flushing = this.write(batch).finally(() => {
      this.flushing = null;
      this.schedule();
    });
  }

  private async write(batch: Waiter[]) {
    const positions = batch.flatMap((w) => w.entry.positions);
    const alarms = batch.flatMap((w) => w.entry.alarms);
    try {
      const [, , alarmIds] = await Promise.all([
        positions.length ? ingestQueries.copyPositions(this.db, positions) : undefined,
        positions.length ? ingestQueries.upsertLatest(this.db, newestPerTerminal(positions)) : undefined,
        alarms.length ? ingestQueries.insertAlarms(this.db, alarms) : Promise.resolve([] as number[]),
      ]);
      this.stats.flushes++;
      this.stats.rows += positions.length + alarms.length;
      let next = 0;
      for (const w of batch) {
        w.resolve(alarmIds.slice(next, next + w.entry.alarms.length));
        next += w.entry.alarms.length;
      }
    } catch (err) {
      this.stats.failures++;
      this.log.error({ err, rows: positions.length }, '定位数据写入失败');
      for (const w of batch) w.reject(err as Error);
    }
  }

  /** Writes what waits, then refuses new entries. */
  async close() {
    this.closed = true;
    while (this.flushing || this.waiting.length) {
      if (!this.flushing) this.flushNow();
      await this.flushing;
    }
  }
}

/**
 * The row latest_positions gets per terminal: its newest report with a usable fix. Sorted by
 * terminal so concurrent upserts lock rows in one order.
 */
export function newestPerTerminal(positions: StoredPosition[]): StoredPosition[] {
  const newest = new Map<number, StoredPosition>();
  // The odometer is not in every report: the newest known reading rides along.
  const mileage = new Map<number, { time: number; km: number }>();
  for (const p of positions) {
    if (p.mileage !== null && (mileage.get(p.terminalPk)?.time ?? -Infinity) <= p.gpsTime) mileage.set(p.terminalPk, { time: p.gpsTime, km: p.mileage });
    if (!p.valid && p.lat === 0 && p.lon === 0) continue;
    const seen = newest.get(p.terminalPk);
    if (!seen || seen.gpsTime <= p.gpsTime) newest.set(p.terminalPk, p);
  }
  return [...newest.values()]
    .map((p) => (p.mileage === null && mileage.has(p.terminalPk) ? { ...p, mileage: mileage.get(p.terminalPk)!.km } : p))
    .sort((a, b) => a.terminalPk - b.terminalPk);
}
