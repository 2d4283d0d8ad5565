import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/types.ts';
import { ingestMetrics } from '../core/metrics.ts';
import { badgeIngestQueries, type BeaconRow } from './badgeRows.ts';
import { ebikeIngestQueries, type BatteryRow, type EbikeStateRow } from './ebikeRows.ts';
import { ingestQueries, type LateDay, type NewAlarm, type StoredPosition } from './ingest.queries.ts';
import { storeAlarms, type StoredAlarms } from './alarmFold.ts';
import { PositionCopyWriter } from '../core/positionCopy.ts';
import { statusReportQueries, type StatusReportRow } from '../core/statusReports.queries.ts';
import { hasFix, NO_NEW_ALARMS } from './positionRows.ts';
import { LatestWrites, type LatestPlan } from './latestWrites.ts';
import { DEFAULT_LATEST_POSITION_SECONDS } from '../core/freshestFix.ts';

const NO_STORED_ALARMS: StoredAlarms = Object.freeze({ ids: [], repeats: [] }) as unknown as StoredAlarms;

/** A ticket's alarms and their ids, the repeats of an open alarm left out: they make no news of their own. */
function keepNewAlarms(ticket: IngestTicket, stored: StoredAlarms, from: number, to: number) {
  const repeats = stored.repeats.slice(from, to);
  const ids = stored.ids.slice(from, to);
  if (!repeats.includes(true)) {
    ticket.alarmIds = ids;
    return;
  }
  ticket.alarms = ticket.alarms.filter((_, i) => !repeats[i]);
  ticket.alarmIds = ids.filter((_, i) => !repeats[i]);
}

/** What one message stores, handed to `add`: its rows are encoded at once and not kept. */
export interface IngestRows {
  positions: readonly StoredPosition[];
  alarms: NewAlarm[];
  /** E-bike BMS reports and device status (few messages carry any). */
  ebike?: { batteries: BatteryRow[]; states: EbikeStateRow[] };
  /** Bluetooth beacons a work badge clocked in at or heard (GT06 0xB2). */
  beacons?: BeaconRow[];
  /** Watch battery %, cumulative steps and tumbles (LK heartbeats and UD/AL reports, with a fix or not). */
  statusReports?: StatusReportRow[];
  /** Beijing days of positions that came too late for the report rollup's passes (core/lateReports.ts). */
  lateDays?: readonly string[];
  /** Hold the positions with a fix until the flush commits, for the position engines (core/positionFeed.ts). */
  feed?: boolean;
}

/**
 * What a connection holds for a queued message until its flush is done. Messages without alarms
 * share one ticket per terminal and batch (each in-flight message's own object outlived young
 * collections: 32 000 of them in a burst, copied and then promoted); a message with alarms has
 * its own, for their ids.
 */
export interface IngestTicket {
  /** 'stored' once committed (the terminal may now be answered), 'failed' when the write failed. */
  state: 'waiting' | 'stored' | 'failed';
  alarms: NewAlarm[];
  /** The new alarms' ids, in order, once stored (a repeat of an open alarm is then dropped from `alarms`: alarmFold.ts). */
  alarmIds?: number[];
  /** Its terminal's newest fix in the batch (shared by all its tickets there): live news once stored; and its fixes for the engines. */
  latest: LatestFix;
}

/** Per terminal and batch: the newest report with a usable fix, and the newest odometer reading (not in every report; it rides along). */
export interface LatestFix {
  newest: StoredPosition | null;
  kmTime: number;
  km: number | null;
  /** Every report with a usable fix, in the order added, kept for the position engines when one watches the terminal (null otherwise). */
  fixes: StoredPosition[] | null;
}

/** Who waits for tickets: told once per flush, after every ticket of that flush has its outcome. */
export interface IngestOwner {
  settled(): void;
  /** Written by the batcher: the number of the last batch that listed this owner. */
  ingestBatch?: number;
}

/** Batches are numbered, so an owner can be listed once per batch (IngestOwner.ingestBatch). */
let batchSerial = 0;

export interface IngestOptions {
  /** Flush as soon as this many rows wait. */
  maxRows: number;
  /** …or when the oldest waiting row has waited this long. */
  maxDelayMs: number;
  /** Beyond this many waiting rows new messages are refused: the terminal gets no reply and resends later. */
  maxPendingRows: number;
  /** Flushes committing at once (each on its own connection); PGlite has one connection, so 1 there. */
  maxConcurrentFlushes: number;
  /**
   * A flush starts beside a running one only for a batch of at least this many rows: a smaller
   * batch gathers until the running commit ends (group commit: at the rates real fleets send, one
   * commit at a time carries whatever came meanwhile, and a slow commit means fewer, larger ones).
   */
  concurrentFromRows: number;
  /**
   * A terminal's row of latest_positions is rewritten at most this often (its first fix here and a
   * change of its alarms at once): latest_positions is then at most this plus a flush behind
   * positions (latestWrites.ts). 0: at every flush (a test that reads latest_positions as written
   * at once). The server passes LATEST_POSITION_SECONDS; absent: its default (tests run as it does).
   */
  latestEveryMs?: number;
}

/** The server's LATEST_POSITION_SECONDS by default: a gateway started without it holds rows back as the server does. */
const DEFAULT_LATEST_EVERY_MS = DEFAULT_LATEST_POSITION_SECONDS * 1000;

export const DEFAULT_INGEST: IngestOptions = {
  maxRows: 5000,
  // At the rates real fleets send, a flush is as large as the time it gathers: its fixed cost
  // (statement, commit, round trips: ~0.25 ms of PostgreSQL's CPU) spread over 100 ms of rows, not 50.
  maxDelayMs: 100,
  maxPendingRows: 200_000,
  maxConcurrentFlushes: 2,
  concurrentFromRows: 1000,
  latestEveryMs: DEFAULT_LATEST_EVERY_MS,
};

/*
 * Tickets and their LatestFix as class instances, not object literals: as nested literals, a
 * terminal's ticket and fix measured ~520 bytes a position in V8's sampling heap profiler
 * (steady bench), as classes ~130, the size of their fields (issue 33). Why the literals cost
 * more was not pinned down: flat literals and class instances cost the same in a micro-benchmark.
 */
class Fix implements LatestFix {
  newest: StoredPosition | null = null;
  kmTime = -Infinity;
  km: number | null = null;
  fixes: StoredPosition[] | null = null;
}

class Ticket implements IngestTicket {
  state: IngestTicket['state'] = 'waiting';
  alarmIds: number[] | undefined = undefined;
  constructor(
    public alarms: NewAlarm[],
    readonly latest: LatestFix,
  ) {}
}

/** What the next flush writes: its tickets, their owners, its rows already as COPY data. */
class Batch {
  readonly serial = ++batchSerial;
  /** Every ticket of the batch, each once. */
  readonly tickets: IngestTicket[] = [];
  /** Every owner with a ticket in the batch, each once. */
  readonly owners: IngestOwner[] = [];
  rows = 0;
  readonly batteries: BatteryRow[] = [];
  readonly states: EbikeStateRow[] = [];
  readonly beacons: BeaconRow[] = [];
  readonly statusReports: StatusReportRow[] = [];
  private copy: PositionCopyWriter | null = null;
  /** Per terminal: the ticket its alarm-free messages share (its `latest` is the terminal's). */
  private readonly shared = new Map<number, IngestTicket>();
  /** Terminal-days the report rollup must recompute, once each ('pk|day'). */
  private late: Map<string, LateDay> | null = null;

  /** Encodes the rows (all or none: a row that cannot be encoded throws and leaves the batch as it was); `keep`: hold the fixes for the engines. */
  addPositions(rows: readonly StoredPosition[], keep: boolean) {
    // A spare buffer of an earlier flush, or a small one that doubles as it fills.
    (this.copy ??= new PositionCopyWriter()).addAll(rows);
    for (let i = 0; i < rows.length; i++) this.note(rows[i], keep);
  }

  addLateDays(terminalPk: number, days: readonly string[]) {
    for (const day of days) (this.late ??= new Map()).set(`${terminalPk}|${day}`, { terminalPk, day });
  }

  get lateDays(): LateDay[] {
    return this.late ? [...this.late.values()] : [];
  }

  /** The ticket for a message of this terminal: the shared one, or its own when it raised alarms. */
  ticketFor(terminalPk: number, alarms: NewAlarm[]): IngestTicket {
    const shared = this.sharedTicket(terminalPk);
    if (alarms.length === 0) return shared;
    const own = new Ticket(alarms, shared.latest);
    this.tickets.push(own);
    return own;
  }

  private sharedTicket(terminalPk: number): IngestTicket {
    let ticket = this.shared.get(terminalPk);
    if (!ticket) {
      ticket = new Ticket(NO_NEW_ALARMS, new Fix());
      this.shared.set(terminalPk, ticket);
      this.tickets.push(ticket);
    }
    return ticket;
  }

  private note(p: StoredPosition, keep: boolean) {
    const t = this.sharedTicket(p.terminalPk).latest;
    if (p.mileage !== null && t.kmTime <= p.gpsTime) {
      t.kmTime = p.gpsTime;
      t.km = p.mileage;
    }
    if (!hasFix(p)) return;
    if (!t.newest || t.newest.gpsTime <= p.gpsTime) t.newest = p;
    if (keep) (t.fixes ??= []).push(p);
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
    for (const { latest: t } of this.shared.values()) {
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
  private readonly latest: LatestWrites;
  /**
   * Writes the fixes that waited `latestEveryMs` when no report brings a flush; forgets quiet
   * terminals. Runs only while some terminal's writes are tracked: a gateway without fixes is not
   * woken every second (issue 33).
   */
  private latestTimer: NodeJS.Timeout | null = null;
  /** Figures for benchmarks and logs (`latestRows`: rows written to latest_positions). */
  readonly stats = { flushes: 0, rows: 0, failures: 0, flushMs: 0, latestRows: 0 };

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly opts: IngestOptions = DEFAULT_INGEST,
  ) {
    this.waiting = new Batch();
    this.latest = new LatestWrites(opts.latestEveryMs ?? DEFAULT_LATEST_EVERY_MS);
  }

  /** Starts the timer of latest_positions' waiting fixes once a flush left a terminal tracked; it stops when none is. */
  private watchLatest() {
    if (this.latestTimer || this.closed || this.latest.everyMs <= 0 || this.latest.trackedCount === 0) return;
    let ticks = 0;
    this.latestTimer = setInterval(
      () => {
        const now = Date.now();
        if (this.waiting.rows === 0 && this.flushing.size === 0 && this.latest.due(now)) this.flushNow();
        if (++ticks % Math.max(1, Math.round(this.latest.everyMs / 1000)) === 0) this.latest.prune(now);
        if (this.latest.trackedCount === 0) {
          clearInterval(this.latestTimer!);
          this.latestTimer = null;
        }
      },
      Math.min(1000, this.latest.everyMs),
    );
    this.latestTimer.unref();
  }

  /**
   * Queues a message's rows; `owner.settled()` follows its flush, and the ticket then says how it
   * went. Null when refused (closing, too much waiting, a row that cannot be encoded): nothing is
   * stored and the terminal must not be answered.
   */
  add(rows: IngestRows, owner: IngestOwner): IngestTicket | null {
    const count =
      rows.positions.length +
      rows.alarms.length +
      (rows.ebike ? rows.ebike.batteries.length + rows.ebike.states.length : 0) +
      (rows.beacons?.length ?? 0) +
      (rows.statusReports?.length ?? 0);
    const batch = this.waiting;
    if (this.closed || count === 0 || batch.rows + count > this.opts.maxPendingRows) {
      if (count) ingestMetrics.refused.inc();
      return null;
    }
    if (rows.positions.length) {
      try {
        batch.addPositions(rows.positions, rows.feed === true);
        if (rows.lateDays) batch.addLateDays(rows.positions[0].terminalPk, rows.lateDays);
      } catch (err) {
        this.log.error({ err }, '定位数据无法编码，已拒收');
        return null;
      }
    }
    if (rows.ebike) {
      batch.batteries.push(...rows.ebike.batteries);
      batch.states.push(...rows.ebike.states);
    }
    if (rows.beacons) batch.beacons.push(...rows.beacons);
    if (rows.statusReports) batch.statusReports.push(...rows.statusReports);
    const first =
      rows.positions[0] ??
      rows.alarms[0] ??
      rows.ebike?.batteries[0] ??
      rows.ebike?.states[0] ??
      rows.beacons?.[0] ??
      rows.statusReports![0];
    const ticket = batch.ticketFor(first.terminalPk, rows.alarms);
    if (batch.rows === 0) this.oldestAt = Date.now();
    // Each owner listed once per batch, by the batch's number written on it (a number: a reference
    // to the batch from the connection would keep the batch alive past young collections). A Set
    // built per flush to drop repeats was ~100 bytes a position (issue 33).
    if (owner.ingestBatch !== batch.serial) {
      owner.ingestBatch = batch.serial;
      batch.owners.push(owner);
    }
    batch.rows += count;
    this.schedule();
    return ticket;
  }

  private schedule() {
    const rows = this.waiting.rows;
    if (rows === 0 || this.flushing.size >= this.concurrency()) return;
    if (this.flushing.size > 0 && rows < this.opts.concurrentFromRows) return; // gathers; the running flush's end schedules it
    if (rows >= this.opts.maxRows) return this.flushNow();
    if (this.timer) return; // the oldest row's deadline is set already (no clock reading per message)
    const waited = Date.now() - this.oldestAt;
    if (waited >= this.opts.maxDelayMs) return this.flushNow();
    this.timer = setTimeout(() => {
      this.timer = null;
      this.schedule();
    }, this.opts.maxDelayMs - waited);
  }

  /** Milliseconds until the waiting rows' flush is due (≤ 0: due), null when no row waits (wakeSharing.ts). */
  dueInMs(): number | null {
    return this.waiting.rows === 0 ? null : this.opts.maxDelayMs - (Date.now() - this.oldestAt);
  }

  /** Flushes the waiting rows now unless a flush is under way (whose end schedules them): a pause gathered them (wakeSharing.ts). */
  flushWaiting() {
    if (this.waiting.rows > 0 && this.flushing.size === 0 && !this.closed) this.flushNow();
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
    const tickets = batch.tickets;
    // Indexed loops: as for…of, an iterator result per step (issue 33), likely because nearly
    // every ticket's alarms are the shared frozen NO_NEW_ALARMS.
    for (let i = 0; i < tickets.length; i++) {
      const raised = tickets[i].alarms;
      for (let j = 0; j < raised.length; j++) alarms.push(raised[j]);
    }
    const positions = batch.positions;
    let stored: StoredAlarms | null = null;
    const started = performance.now();
    let latest: LatestPlan | null = null;
    try {
      latest = this.latest.plan(positions ? batch.latestRows() : [], Date.now(), this.closed);
      let written: number[] | null | undefined;
      [written, stored] = await Promise.all([
        positions
          ? ingestQueries.storePositions(this.db, batch.copyData(), latest.rows, batch.lateDays)
          : latest.rows.length
            ? ingestQueries.upsertLatest(this.db, latest.rows)
            : undefined,
        alarms.length ? storeAlarms(this.db, alarms) : Promise.resolve(NO_STORED_ALARMS),
        batch.batteries.length || batch.states.length ? ebikeIngestQueries.store(this.db, batch.batteries, batch.states) : undefined,
        batch.beacons.length ? badgeIngestQueries.insertBeacons(this.db, batch.beacons) : undefined,
        batch.statusReports.length ? statusReportQueries.insert(this.db, batch.statusReports) : undefined,
      ]);
      batch.recycle();
      this.latest.committed(latest, Date.now(), written ?? null);
      this.stats.latestRows += latest.rows.length;
      this.stats.flushes++;
      this.stats.rows += positions + alarms.length + batch.batteries.length + batch.states.length + batch.statusReports.length;
      this.stats.flushMs += performance.now() - started;
      ingestMetrics.positionsStored.inc(positions);
      ingestMetrics.batchRows.observe(positions + alarms.length + batch.batteries.length + batch.states.length);
      ingestMetrics.flushSeconds.observe((performance.now() - started) / 1000);
    } catch (err) {
      if (latest) this.latest.failed(latest);
      this.stats.failures++;
      ingestMetrics.flushFailures.inc();
      this.log.error({ err, rows: positions }, '定位数据写入失败');
    }
    let next = 0;
    for (let i = 0; i < tickets.length; i++) {
      const ticket = tickets[i];
      if (stored) {
        ticket.state = 'stored';
        if (ticket.alarms.length) keepNewAlarms(ticket, stored, next, (next += ticket.alarms.length));
      } else ticket.state = 'failed';
    }
    const owners = batch.owners;
    for (let i = 0; i < owners.length; i++) {
      try {
        owners[i].settled();
      } catch (err) {
        this.log.error({ err }, '定位写入回执处理失败');
      }
    }
    this.watchLatest();
  }

  /** The terminal changed (handed over: its latest row deleted): its next fix goes to latest_positions at once. */
  writeLatestAtOnce(terminalPk: number) {
    this.latest.writeNextAtOnce(terminalPk);
  }

  /** Writes what waits (the fixes latest_positions has not got yet too), then refuses new messages. */
  async close() {
    this.closed = true;
    if (this.latestTimer) clearInterval(this.latestTimer);
    this.latestTimer = null;
    while (this.flushing.size || this.waiting.rows) {
      if (this.waiting.rows && this.flushing.size < this.concurrency()) this.flushNow();
      await Promise.race(this.flushing);
    }
    // Closed, a flush takes every waiting fix; once (a failure leaves them to the next start's catch-up).
    if (this.latest.waitingCount) {
      this.flushNow();
      await Promise.all(this.flushing);
    }
  }
}
