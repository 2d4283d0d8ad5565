import { describe, expect, it } from 'vitest';
import { RequestCoalescer } from './requestCoalescer.ts';

describe('request coalescer', () => {
  const turn = () => new Promise((r) => setImmediate(r));

  it('gathers requests arriving a turn of the event loop apart, even when each run finishes at once', async () => {
    const runs: number[][] = [];
    // Like PGlite: the query runs in this thread and is done within the turn it started in.
    const g = new RequestCoalescer<number, number>(async (items) => {
      runs.push(items);
      return items.map((i) => i * 10);
    });
    // Like a reconnect storm: Node accepts one connection per turn, so logins come a turn apart.
    const answers: Array<Promise<number>> = [];
    for (let i = 1; i <= 3; i++) {
      answers.push(g.request(i));
      await turn();
    }
    expect(await Promise.all(answers)).toEqual([10, 20, 30]);
    expect(await g.request(4)).toBe(40);
    expect(runs).toEqual([[1, 2, 3], [4]]);
  });

  it('sends requests made while a run is in flight together in the next run, each answered', async () => {
    const runs: number[][] = [];
    let release!: () => void;
    const first = new Promise<void>((r) => (release = r));
    const g = new RequestCoalescer<number, number>(async (items) => {
      runs.push(items);
      if (runs.length === 1) await first;
      return items.map((i) => i * 10);
    });
    const one = g.request(1);
    await new Promise((r) => setTimeout(r, 20)); // the first run has started and waits
    const answers = [one, g.request(2), g.request(3), g.request(4)];
    release();
    expect(await Promise.all(answers)).toEqual([10, 20, 30, 40]);
    expect(runs).toEqual([[1], [2, 3, 4]]);
  });

  it('fails only the run that failed', async () => {
    let calls = 0;
    const g = new RequestCoalescer<number, number>(async (items) => {
      if (++calls === 1) throw new Error('database gone');
      return items;
    });
    await expect(g.request(1)).rejects.toThrow('database gone');
    expect(await g.request(2)).toBe(2);
  });
});
