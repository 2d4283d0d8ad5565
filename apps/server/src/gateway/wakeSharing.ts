/**
 * The pause while no rows wait for a flush (GATEWAY_IDLE_PAUSE_MS): 10 000 terminals' heartbeats
 * (~170 a second) gather ~7 a wake; a reply that comes meanwhile waits at most this long.
 */
export const DEFAULT_IDLE_PAUSE_MS = 40;
/**
 * Terminal reads a second at or above which no pause is taken. Below it a pause that ends when the
 * waiting rows' flush is due delays no acknowledgement (they wait for that flush anyway); above it
 * flushes run back to back and the database's round trips, not the wakes, set the rhythm.
 */
export const DEFAULT_PAUSE_BELOW_READS_PER_SECOND = 20_000;
/** A pause until the waiting rows' flush ends this long before it is due: the gathering turn reads before the flush's timer fires. */
const WAKE_BEFORE_FLUSH_MS = 2;
/** Shorter than this, a pause is not taken: it would gather almost nothing. */
const MIN_PAUSE_MS = 3;
/**
 * Where the API shares the process: no pause until it has served nothing (no connection, no request)
 * this long — an operator's page asks every few seconds, so pauses are taken only while nobody is
 * served, and the first request after such a quiet spell waits at most one pause to be accepted.
 */
export const PAUSE_AFTER_API_QUIET_MS = 10_000;
/** By default a pause is taken only when it should gather at least this many reads: a wake of its own (the pause's end) must buy more than one. */
const MIN_GATHERED = 2;
/** How long reads are counted before the rate is taken again. */
const WINDOW_MS = 1000;

/** What a pause needs from the ingest batch. */
export interface PausedBatch {
  /** Milliseconds until the waiting rows' flush is due (≤ 0: due), null when no row waits. */
  dueInMs(): number | null;
  /** Flushes the waiting rows now unless a flush is under way. */
  flushWaiting(): void;
}

export interface WakeSharingOptions {
  pauseMs: number;
  /** Whether the process waits for its database (a query in flight): a pause then would delay that chain of round trips. */
  databaseBusy: () => boolean;
  /** Whether something else this process serves is active (the API: http/servedWithin.ts); no pause then. */
  othersActive?: () => boolean;
  /** The band of terminal reads a second where pauses are taken (default: from MIN_GATHERED a pause to DEFAULT_PAUSE_BELOW_READS_PER_SECOND). */
  fromReadsPerSecond?: number;
  belowReadsPerSecond?: number;
  /**
   * The ingest batch the reads fill (ingestBatcher.ts): while rows wait for their flush, a pause
   * lasts until just before that flush is due, and the turn that reads what it gathered flushes at
   * once — the rows waited in the sockets instead of in the batch, and are committed as soon.
   * Without it (or with no rows waiting) a pause lasts `pauseMs`.
   */
  batch?: PausedBatch;
  /** The clock and the sleep: the real ones but in tests. */
  clock?: () => number;
  sleep?: (ms: number) => void;
}

/**
 * Lets the lone reads of a fleet share the event loop's wake (issue 33). At the pattern real
 * fleets send, every message comes alone on its connection and each wakes the loop for itself:
 * that wake, not the message, is most of the cost. After a turn that read terminal bytes, while
 * reads come fast enough that a pause gathers a few (MIN_GATHERED) and slower than
 * DEFAULT_PAUSE_BELOW_READS_PER_SECOND, no database query is under way and nothing else the process
 * serves is active (an operator's requests), the loop's thread sleeps (Atomics.wait, once a turn,
 * in its check phase), so the next poll returns what arrived meanwhile together.
 *
 * Reporting terminals: their rows wait up to the batch's delay for a flush anyway, so the pause
 * lasts until just before that flush is due and the turn that reads what it gathered flushes at
 * once — one wake for a flush's worth of messages, and no acknowledgement later than without it.
 * Heartbeats alone (no rows waiting): `pauseMs`. Acknowledgement after commit is untouched: a pause
 * only moves when bytes are read and replies written. Not for a few terminals (tests, small
 * fleets), not while a database answer is awaited (a flush, an API request's or a login's chain of
 * statements), not where flushes run back to back.
 */
export class WakeSharing {
  private scheduled = false;
  /** A pause was taken: the next turn that reads gathered what came meanwhile. */
  private paused = false;
  private windowStart: number;
  private windowReads = 0;
  /** Reads a second over the last full window. */
  private rate = 0;
  private readonly fromRate: number;
  private readonly belowRate: number;
  private readonly clock: () => number;
  private readonly sleep: (ms: number) => void;
  /** Pauses taken, and skipped because the database or the API was busy (for benches and tests). */
  readonly stats = { pauses: 0, skippedBusy: 0 };

  constructor(private readonly opts: WakeSharingOptions) {
    this.fromRate = opts.fromReadsPerSecond ?? (MIN_GATHERED * 1000) / opts.pauseMs;
    this.belowRate = opts.belowReadsPerSecond ?? DEFAULT_PAUSE_BELOW_READS_PER_SECOND;
    this.clock = opts.clock ?? (() => performance.now());
    this.sleep = opts.sleep ?? sleepThread;
    this.windowStart = this.clock();
  }

  /** Terminal bytes were read in this turn of the loop. */
  read() {
    this.windowReads++;
    if (this.scheduled || this.opts.pauseMs <= 0) return;
    this.scheduled = true;
    setImmediate(this.endOfTurn);
  }

  private readonly endOfTurn = () => {
    this.scheduled = false;
    if (this.paused) {
      // This turn read what the pause gathered: committed at once, not after the batch's own delay.
      this.paused = false;
      this.opts.batch?.flushWaiting();
    }
    const now = this.clock();
    if (now - this.windowStart >= WINDOW_MS) {
      this.rate = (this.windowReads * 1000) / (now - this.windowStart);
      this.windowReads = 0;
      this.windowStart = now;
    }
    if (this.rate >= this.belowRate || this.rate < this.fromRate) return;
    if (this.opts.databaseBusy() || this.opts.othersActive?.()) {
      this.stats.skippedBusy++;
      return;
    }
    const ms = this.pauseLength();
    if (ms < MIN_PAUSE_MS) return;
    this.sleep(ms);
    this.paused = true;
    this.stats.pauses++;
  };

  /** Until just before the waiting rows' flush is due, or `pauseMs` when none wait. */
  private pauseLength() {
    const due = this.opts.batch?.dueInMs() ?? null;
    return due === null ? this.opts.pauseMs : Math.floor(due) - WAKE_BEFORE_FLUSH_MS;
  }
}

const cell = new Int32Array(new SharedArrayBuffer(4));
/** Blocks this thread `ms` (nothing ever wakes the cell): the sockets keep becoming readable meanwhile. */
function sleepThread(ms: number) {
  Atomics.wait(cell, 0, 0, ms);
}
