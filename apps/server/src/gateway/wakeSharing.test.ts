import { describe, expect, it } from 'vitest';
import { DEFAULT_IDLE_PAUSE_MS, WakeSharing, type PausedBatch } from './wakeSharing.ts';

const endOfTurn = () => new Promise((r) => setImmediate(r));

/** Wake sharing on a made-up clock: `reads` in each turn, turns `gapMs` apart; the pauses it took. */
async function drive(opts: {
  pauseMs?: number;
  busy?: boolean;
  serving?: boolean;
  batch?: PausedBatch;
  turns: number;
  reads: number;
  gapMs: number;
}) {
  let now = 0;
  const pauses: number[] = [];
  const wakes = new WakeSharing({
    pauseMs: opts.pauseMs ?? DEFAULT_IDLE_PAUSE_MS,
    databaseBusy: () => opts.busy ?? false,
    othersActive: opts.serving === undefined ? undefined : () => opts.serving!,
    batch: opts.batch,
    clock: () => now,
    sleep: (ms) => {
      pauses.push(ms);
      now += ms;
    },
  });
  for (let t = 0; t < opts.turns; t++) {
    for (let i = 0; i < opts.reads; i++) wakes.read();
    await endOfTurn();
    now += opts.gapMs;
  }
  return { pauses, stats: wakes.stats };
}

describe('WakeSharing', () => {
  it("pauses after the turns of a quiet fleet's lone reads, once a second of them has been counted", async () => {
    // 10 000 terminals' heartbeats, one a minute each: ~170 reads a second, one a turn.
    const { pauses, stats } = await drive({ turns: 400, reads: 1, gapMs: 6 });
    expect(pauses.length).toBeGreaterThan(0);
    expect(new Set(pauses)).toEqual(new Set([DEFAULT_IDLE_PAUSE_MS]));
    expect(stats.pauses).toBe(pauses.length);
  });

  it('never pauses while reads are too rare for a pause to gather a few (a small fleet, tests)', async () => {
    // 20 reads a second: a 40 ms pause would gather less than one.
    expect((await drive({ turns: 100, reads: 1, gapMs: 50 })).pauses).toEqual([]);
  });

  it('never pauses while a database statement is under way (an API request, a login)', async () => {
    const { pauses, stats } = await drive({ busy: true, turns: 400, reads: 1, gapMs: 6 });
    expect(pauses).toEqual([]);
    expect(stats.skippedBusy).toBeGreaterThan(0);
  });

  it('never pauses while the API it shares the loop with serves someone, and does once it serves nobody', async () => {
    const serving = await drive({ serving: true, turns: 400, reads: 1, gapMs: 6 });
    expect(serving.pauses).toEqual([]);
    expect(serving.stats.skippedBusy).toBeGreaterThan(0);
    expect((await drive({ serving: false, turns: 400, reads: 1, gapMs: 6 })).pauses.length).toBeGreaterThan(0);
  });

  it('takes at most one pause a turn, however many sockets it read', async () => {
    const { pauses } = await drive({ turns: 300, reads: 3, gapMs: 20 });
    expect(pauses.length).toBeGreaterThan(0);
    expect(pauses.length).toBeLessThanOrEqual(300);
  });

  it("at 2 000 reports a second, pauses until just before the waiting rows' flush is due, then flushes what it gathered at once", async () => {
    // Rows wait 100 ms for their flush at most; the first one came 30 ms ago.
    let flushes = 0;
    let due: number | null = 70;
    const batch: PausedBatch = {
      dueInMs: () => due,
      flushWaiting: () => {
        flushes++;
        due = null; // flushed: nothing waits (the test's reads add no rows)
      },
    };
    const { pauses } = await drive({ batch, turns: 2000, reads: 4, gapMs: 2 });
    // The first pause (once a second of reads was counted) ends 2 ms before the flush is due;
    // the turn after it flushes; with no row waiting, later pauses are the heartbeat pause.
    expect(pauses[0]).toBe(68);
    // every pause but perhaps the last turn's was followed by a turn that read
    expect(flushes).toBeGreaterThanOrEqual(pauses.length - 1);
    expect(flushes).toBeLessThanOrEqual(pauses.length);
    expect(new Set(pauses.slice(1))).toEqual(new Set([DEFAULT_IDLE_PAUSE_MS]));
  });

  it('takes no pause when the waiting rows are due within a few milliseconds, and does not flush them itself', async () => {
    let flushes = 0;
    const batch: PausedBatch = { dueInMs: () => 4, flushWaiting: () => flushes++ };
    expect((await drive({ batch, turns: 2000, reads: 4, gapMs: 2 })).pauses).toEqual([]);
    expect(flushes).toBe(0);
  });

  it('never pauses above 20 000 reads a second: flushes run back to back there', async () => {
    const batch: PausedBatch = { dueInMs: () => 90, flushWaiting: () => {} };
    expect((await drive({ batch, turns: 1000, reads: 25, gapMs: 1 })).pauses).toEqual([]);
  });
});
