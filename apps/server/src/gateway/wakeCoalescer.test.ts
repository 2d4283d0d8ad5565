import { describe, expect, it } from 'vitest';
import { DEFAULT_WAKE_COALESCE_MS, WakeCoalescer } from './wakeCoalescer.ts';

const endOfTurn = () => new Promise((r) => setImmediate(r));

/** A coalescer on a made-up clock: `reads` in each turn, turns `gapMs` apart; the pauses it took. */
async function drive(maxMs: number, turns: number, reads: number, gapMs: number) {
  let now = 0;
  const pauses: number[] = [];
  const wakes = new WakeCoalescer(
    maxMs,
    () => now,
    (ms) => {
      pauses.push(ms);
      now += ms;
    },
  );
  for (let t = 0; t < turns; t++) {
    for (let i = 0; i < reads; i++) wakes.read();
    await endOfTurn();
    now += gapMs;
  }
  return { pauses, stats: wakes.stats };
}

describe('WakeCoalescer', () => {
  it('pauses after turns of lone reads once they come fast, never longer than its bound', async () => {
    // 2 000 lone reads a second: one read a turn, turns half a millisecond apart.
    const { pauses, stats } = await drive(DEFAULT_WAKE_COALESCE_MS, 400, 1, 0.5);
    expect(pauses.length).toBeGreaterThan(0);
    expect(Math.max(...pauses)).toBeLessThanOrEqual(DEFAULT_WAKE_COALESCE_MS);
    expect(stats.pauses).toBe(pauses.length);
  });

  it('lets the heartbeats of a silent fleet share wakes', async () => {
    // 167 heartbeats a second: 10 000 terminals each once a minute.
    const { pauses } = await drive(DEFAULT_WAKE_COALESCE_MS, 200, 1, 6);
    expect(pauses.length).toBeGreaterThan(0);
    expect(Math.max(...pauses)).toBeLessThanOrEqual(DEFAULT_WAKE_COALESCE_MS);
  });

  it('never pauses while reads are rare (a small fleet, tests)', async () => {
    // 50 reads a second: 1 000 terminals every 20 s.
    expect((await drive(DEFAULT_WAKE_COALESCE_MS, 200, 1, 20)).pauses).toEqual([]);
  });

  it('never pauses after a turn that already read many sockets (a busy loop)', async () => {
    expect((await drive(DEFAULT_WAKE_COALESCE_MS, 200, 40, 1)).pauses).toEqual([]);
  });

  it('does nothing when turned off', async () => {
    expect((await drive(0, 200, 1, 0.1)).pauses).toEqual([]);
  });
});
