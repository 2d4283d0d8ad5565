import { describe, expect, it } from 'vitest';
import { DEFAULT_IDLE_PAUSE_MS, WakeSharing } from './wakeSharing.ts';

const endOfTurn = () => new Promise((r) => setImmediate(r));

/** Wake sharing on a made-up clock: `reads` in each turn, turns `gapMs` apart; the pauses it took. */
async function drive(opts: { pauseMs?: number; busy?: boolean; serving?: boolean; turns: number; reads: number; gapMs: number }) {
  let now = 0;
  const pauses: number[] = [];
  const wakes = new WakeSharing({
    pauseMs: opts.pauseMs ?? DEFAULT_IDLE_PAUSE_MS,
    databaseBusy: () => opts.busy ?? false,
    othersActive: opts.serving === undefined ? undefined : () => opts.serving!,
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

  it('never pauses at load: 2 000 reads a second already share wakes', async () => {
    expect((await drive({ turns: 2000, reads: 4, gapMs: 2 })).pauses).toEqual([]);
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
});
