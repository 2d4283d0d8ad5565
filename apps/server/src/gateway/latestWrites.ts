import type { StoredPosition } from './ingest.queries.ts';

/** Per terminal this gateway has written lately. */
interface Entry {
  readonly pk: number;
  /** When its last row went into a flush of latest_positions. */
  writtenAt: number;
  /** That row's alarms: a fix whose alarms differ is written at once (logins read them back as the open alarms). */
  alarms: readonly string[];
  /** A fix committed to positions and not yet to latest_positions, and since when it waits. */
  pending: StoredPosition | null;
  pendingSince: number;
  /** The entry's own fix object once a flush that wrote it committed: the next waiting fix is copied into it. */
  spare: StoredPosition | null;
}

/** A terminal first seen by a plan (written now) or by a commit or failure (written at its next fix: -Infinity). */
function newEntry(pk: number, writtenAt: number, alarms: readonly string[]): Entry {
  return { pk, writtenAt, alarms, pending: null, pendingSince: 0, spare: null };
}

/** What one flush writes to latest_positions, and what to do once it committed or failed. */
export interface LatestPlan {
  /** One row per terminal, by terminal (concurrent upserts lock rows in one order). */
  rows: StoredPosition[];
  /** The batch's fixes kept back: they wait in memory once their positions committed. */
  deferred: StoredPosition[];
  /** Waiting fixes (committed earlier) this flush writes: they wait again if it fails. */
  taken: Array<{ fix: StoredPosition; since: number }>;
  /** Terminals this flush writes a row for. */
  written: number[];
}

/** The row the upsert leaves after writing `first`, then `then` (an older fix changes nothing; the odometer reading carries over). */
export function afterBoth(first: StoredPosition, then: StoredPosition): StoredPosition {
  if (then.gpsTime < first.gpsTime) return first;
  return then.mileage === null && first.mileage !== null ? { ...then, mileage: first.mileage } : then;
}

/**
 * `afterBoth(row, then)` written into `row` itself: a waiting fix lives until its terminal's next
 * write (30 s), so what it holds outlives young collections. Object.assign made a number box per
 * numeric field at each report (~70 B, promoted: issue 33); stores of the same fields in one
 * order write into the boxes `row` has.
 */
function keepNewer(row: StoredPosition, then: StoredPosition) {
  if (then.gpsTime < row.gpsTime) return;
  const mileage = then.mileage === null ? row.mileage : then.mileage;
  copyFix(row, then);
  row.mileage = mileage;
}

/**
 * A waiting fix: an object of its own kind, so that storing into it never changes the shape the
 * gateway's rows share (copied with a spread, it had theirs).
 */
class WaitingFix implements StoredPosition {
  declare terminalPk: number;
  declare gpsTime: number;
  declare receivedAt: number;
  declare lat: number;
  declare lon: number;
  declare speed: number;
  declare course: number;
  declare altitude: number;
  declare valid: boolean;
  declare satellites: number | null;
  declare acc: boolean | null;
  declare mileage: number | null;
  declare alarms: StoredPosition['alarms'];
  declare extras: StoredPosition['extras'];

  constructor(from: StoredPosition) {
    copyFix(this, from);
  }
}

/** Every field of `from` stored into `to`, field by field, in one order (see keepNewer). */
function copyFix(to: StoredPosition, from: StoredPosition): StoredPosition {
  to.terminalPk = from.terminalPk;
  to.gpsTime = from.gpsTime;
  to.receivedAt = from.receivedAt;
  to.lat = from.lat;
  to.lon = from.lon;
  to.speed = from.speed;
  to.course = from.course;
  to.altitude = from.altitude;
  to.valid = from.valid;
  to.satellites = from.satellites;
  to.acc = from.acc;
  to.mileage = from.mileage;
  to.alarms = from.alarms;
  to.extras = from.extras;
  return to;
}

/** (A loop, not every(): its callback was a closure made per fix compared.) */
function sameAlarms(a: readonly string[], b: readonly string[]) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Fixes due are written by one flush a second at most: an upsert statement has a fixed cost (~0.5 ms of PostgreSQL's CPU). */
const DRAIN_MS = 1000;

/**
 * latest_positions written at most once per `everyMs` per terminal (issue 33): at a report every
 * 5 s, rewriting each terminal's row at every report was half of PostgreSQL's CPU a position. A
 * terminal's first fix seen by this gateway, and a fix whose alarms changed, are written with their
 * positions; a later fix waits here (only once its positions committed) until `everyMs` after its
 * terminal's last write, and goes with the next flush that drains (one a second), or alone when no
 * flush comes (`due`). So latest_positions is at most `everyMs` plus a second and a flush behind
 * positions; after a crash what waited here is taken from positions at start
 * (ingestQueries.catchUpLatest). `everyMs` 0: every flush writes its newest fixes.
 */
export class LatestWrites {
  private readonly terminals = new Map<number, Entry>();
  /** Entries with a fix waiting. */
  private readonly waiting = new Map<number, Entry>();
  private lastDrain = -Infinity;

  constructor(readonly everyMs: number) {}

  /** How many terminals have a fix waiting. */
  get waitingCount() {
    return this.waiting.size;
  }

  /** How many terminals are remembered (written lately or with a fix waiting): until none, something may fall due or be forgotten. */
  get trackedCount() {
    return this.terminals.size;
  }

  /** Whether a waiting fix is due (then a flush should run even without new rows). */
  due(now: number): boolean {
    for (const e of this.waiting.values()) if (now - e.writtenAt >= this.everyMs) return true;
    return false;
  }

  /** The rows of a flush whose batch has these newest fixes (one per terminal); `all`: every waiting fix too (closing). */
  plan(batchRows: StoredPosition[], now: number, all = false): LatestPlan {
    const plan: LatestPlan = { rows: batchRows, deferred: [], taken: [], written: [] };
    if (this.everyMs <= 0) return plan;
    const rows: StoredPosition[] = [];
    const drain = all || now - this.lastDrain >= DRAIN_MS;
    if (drain) this.lastDrain = now;
    for (let i = 0; i < batchRows.length; i++) {
      const r = batchRows[i];
      const e = this.terminals.get(r.terminalPk);
      if (!e) {
        this.terminals.set(r.terminalPk, newEntry(r.terminalPk, now, r.alarms));
        rows.push(r);
        plan.written.push(r.terminalPk);
      } else if (all || e.writtenAt === -Infinity || !sameAlarms(e.alarms, r.alarms) || (drain && now - e.writtenAt >= this.everyMs)) {
        // (-Infinity: its last write failed, so latest_positions may not have its row at all: written as a first fix is, at once.)
        let row = r;
        if (e.pending) {
          plan.taken.push({ fix: e.pending, since: e.pendingSince });
          row = afterBoth(e.pending, r);
          e.pending = null;
          this.waiting.delete(r.terminalPk);
        }
        e.writtenAt = now;
        e.alarms = row.alarms;
        rows.push(row);
        plan.written.push(r.terminalPk);
      } else plan.deferred.push(r);
    }
    let sort = false;
    if (drain)
      // forEach, not for…of: this looks at every waiting terminal each second, and each step of a
      // Map's iterator made a result object (an entries() step an array too) — issue 33.
      this.waiting.forEach((e, pk) => {
        if (!all && now - e.writtenAt < this.everyMs) return;
        const fix = e.pending!;
        plan.taken.push({ fix, since: e.pendingSince });
        e.writtenAt = now;
        e.alarms = fix.alarms;
        e.pending = null;
        this.waiting.delete(pk);
        rows.push(fix);
        plan.written.push(pk);
        sort = true;
      });
    if (sort) rows.sort((a, b) => a.terminalPk - b.terminalPk);
    plan.rows = rows;
    return plan;
  }

  /**
   * The flush committed: its kept-back fixes now wait here. `written`: the terminals whose row the
   * upsert wrote when not all (null: all); one it left as it was (a fix from before the terminal's
   * hand-over, or older than the row) has its next fix written at once, as a first one — else a
   * terminal handed over, whose first fix here was the previous owner's, stayed out of
   * latest_positions (the fleet list) for `everyMs`.
   */
  committed(plan: LatestPlan, now: number, written: readonly number[] | null = null) {
    if (written) {
      const wrote = new Set(written);
      for (const pk of plan.written) {
        const e = this.terminals.get(pk);
        if (e && !wrote.has(pk)) e.writtenAt = -Infinity;
      }
    }
    // The waiting fixes this flush wrote are their entries' again (nothing else holds them now).
    const taken = plan.taken;
    for (let i = 0; i < taken.length; i++) {
      const e = this.terminals.get(taken[i].fix.terminalPk);
      if (e && e.pending !== taken[i].fix) e.spare = taken[i].fix;
    }
    const deferred = plan.deferred;
    for (let i = 0; i < deferred.length; i++) {
      const r = deferred[i];
      let e = this.terminals.get(r.terminalPk);
      if (!e) this.terminals.set(r.terminalPk, (e = newEntry(r.terminalPk, -Infinity, r.alarms)));
      if (e.pending) keepNewer(e.pending, r);
      else {
        // A copy the entry owns, which later reports overwrite: kept by reference, each report's row
        // outlived young collections while it waited (5 s at a report every 5 s) and was promoted.
        // Its object is made once per terminal, then reused once the flush that wrote it committed.
        e.pending = e.spare ? copyFix(e.spare, r) : new WaitingFix(r);
        e.spare = null;
        e.pendingSince = now;
        this.waiting.set(r.terminalPk, e);
      }
    }
  }

  /**
   * The flush failed: its own fixes were not stored (the terminals resend them), the waiting ones it
   * took wait again, first in line; the terminals it wrote are written at their next fix.
   */
  failed(plan: LatestPlan) {
    for (const pk of plan.written) {
      const e = this.terminals.get(pk);
      if (e) e.writtenAt = -Infinity;
    }
    if (plan.taken.length === 0) return;
    const rest = [...this.waiting];
    this.waiting.clear();
    for (const { fix, since } of plan.taken) {
      let e = this.terminals.get(fix.terminalPk);
      if (!e) this.terminals.set(fix.terminalPk, (e = newEntry(fix.terminalPk, -Infinity, fix.alarms)));
      e.pending = e.pending ? afterBoth(fix, e.pending) : fix;
      e.pendingSince = since;
      this.waiting.set(fix.terminalPk, e);
    }
    for (const [pk, e] of rest) if (!this.waiting.has(pk)) this.waiting.set(pk, e);
  }

  /**
   * The terminal changed (a hand-over deletes its row of latest_positions): its next fix is written
   * at once, as a first one, and takes what waits with it.
   */
  writeNextAtOnce(pk: number) {
    const e = this.terminals.get(pk);
    if (e) e.writtenAt = -Infinity;
  }

  /** Forgets terminals with nothing waiting and nothing written for `everyMs` (their next fix is written at once anyway). */
  prune(now: number) {
    // forEach: every remembered terminal; a for…of over entries() made an array and a result object each.
    this.terminals.forEach((e, pk) => {
      if (!e.pending && now - e.writtenAt >= this.everyMs) this.terminals.delete(pk);
    });
  }
}
