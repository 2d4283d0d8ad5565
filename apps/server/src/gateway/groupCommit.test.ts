import { describe, expect, it } from 'vitest';
import { GroupCommit } from './groupCommit.ts';

describe('group commit', () => {
  it('sends requests made while a run is in flight together in the next run, each answered', async () => {
    const runs: number[][] = [];
    let release!: () => void;
    const first = new Promise<void>((r) => (release = r));
    const g = new GroupCommit<number, number>(async (items) => {
      runs.push(items);
      if (runs.length === 1) await first;
      return items.map((i) => i * 10);
    });
    const answers = [g.request(1), g.request(2), g.request(3), g.request(4)];
    release();
    expect(await Promise.all(answers)).toEqual([10, 20, 30, 40]);
    expect(runs).toEqual([[1], [2, 3, 4]]);
  });

  it('fails only the run that failed', async () => {
    let calls = 0;
    const g = new GroupCommit<number, number>(async (items) => {
      if (++calls === 1) throw new Error('database gone');
      return items;
    });
    const a = g.request(1);
    const b = g.request(2);
    await expect(a).rejects.toThrow('database gone');
    expect(await b).toBe(2);
  });
});
