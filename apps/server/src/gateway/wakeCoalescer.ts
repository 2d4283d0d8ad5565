/**
 * The longest pause by default (GATEWAY_WAKE_MS): a reply's p99 is ~80 ms and its goal 200, and an
 * HTTP request that comes during a pause waits at most this long for it. At 2 000 lone reads a
 * second the pause is 4 ms (TARGET_READS); this long only when heartbeats alone come (10 000 idle
 * terminals: ~170 a second).
 */
export const DEFAULT_WAKE_COALESCE_MS = 10;
/** How long rates are counted over before the pause is chosen again. */
const WINDOW_MS = 100;
/** The reads a pause aims to gather into one wake. */
const TARGET_READS = 8;
/** A turn that read this many did not come from a lone wake: the loop is busy (or waited for a core), so no pause. */
const BUSY_READS = 2 * TARGET_READS;
/** A pause is taken only when it should gather at least this many reads: below, a wake is nearly a read anyway. */
const MIN_GATHERED = 1.5;

/**
 * Lets lone reads share a wake (issue 33). At the pattern real fleets send every message comes on
 * its own connection, so without this the event loop wakes, polls, runs its phases and sleeps
 * again for nearly every one of them; a burst pays that once for many. After a turn that read
 * sockets, while reads come fast enough that a few would gather, the loop's thread sleeps up to
 * `maxMs` (Atomics.wait, once per turn, in the turn's check phase) so the next poll returns the
 * sockets that became readable meanwhile, together (10 000 silent terminals' heartbeats too). Never
 * while reads are rare (a few dozen a second, tests) and never after a turn that already read many (the loop is busy: each poll finds plenty),
 * so it adds at most `maxMs` to a reply and to any HTTP request, and never costs throughput.
 */
export class WakeCoalescer {
  private scheduled = false;
  private turnReads = 0;
  private windowReads = 0;
  private windowStart: number;
  /** Reads a millisecond over the last full window. */
  private rate = 0;
  /** The pauses taken and their milliseconds (for the bench and /metrics readers). */
  readonly stats = { pauses: 0, pausedMs: 0 };

  constructor(
    private readonly maxMs: number,
    /** The clock and the pause: the real ones but in tests. */
    private readonly clock: () => number = () => performance.now(),
    private readonly pause: (ms: number) => void = sleepThread,
  ) {
    this.windowStart = clock();
  }

  /** A socket was read in this turn of the loop. */
  read() {
    this.turnReads++;
    if (this.scheduled || this.maxMs <= 0) return;
    this.scheduled = true;
    setImmediate(this.endOfTurn);
  }

  private readonly endOfTurn = () => {
    this.scheduled = false;
    const reads = this.turnReads;
    this.turnReads = 0;
    this.windowReads += reads;
    const now = this.clock();
    if (now - this.windowStart >= WINDOW_MS) {
      this.rate = this.windowReads / (now - this.windowStart);
      this.windowReads = 0;
      this.windowStart = now;
    }
    if (reads >= BUSY_READS || this.rate * this.maxMs < MIN_GATHERED) return;
    const ms = Math.min(this.maxMs, TARGET_READS / this.rate);
    this.pause(ms);
    this.stats.pauses++;
    this.stats.pausedMs += ms;
  };
}

const cell = new Int32Array(new SharedArrayBuffer(4));
/** Blocks this thread `ms` (nothing ever wakes the cell): the loop's sockets keep becoming ready meanwhile. */
function sleepThread(ms: number) {
  Atomics.wait(cell, 0, 0, ms);
}
