import { describe, expect, it } from 'vitest';
import { beijingMidnight } from '@chelian/contracts';
import { scoreRun, type PatrolPoint } from './patrol.ts';
import { offPostOf, stopsOf } from './stretches.ts';

const day = '2026-11-25';
const at = (hhmm: string) => beijingMidnight(day) + (Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3))) * 60_000;
const gate: PatrolPoint = { id: 1, lat: 31.2304, lon: 121.4737, radius: 50, beacon: '' };
const store: PatrolPoint = { id: 2, lat: 31.235, lon: 121.4737, radius: 50, beacon: 'c1:00:00:00:00:02' };
const window = { start: 9 * 60, end: 10 * 60 };

function trackOf(fixes: Array<[string, number, number, string?]>) {
  return {
    times: fixes.map((f) => at(f[0])),
    lat: fixes.map((f) => f[1]),
    lon: fixes.map((f) => f[2]),
    beacon: fixes.map((f) => f[3] ?? ''),
    who: fixes.map(() => 0),
  };
}

describe('patrol runs', () => {
  it('is done when every checkpoint is visited in the window, by radius or by beacon', () => {
    const run = scoreRun(
      day,
      window,
      15,
      [gate, store],
      trackOf([
        ['09:10', 31.2305, 121.4737],
        ['09:30', 31.3, 121.5, 'c10000000002'],
      ]),
      at('12:00'),
    );
    expect(run.status).toBe('done');
    expect(run.visits.map((v) => [v.status, v.visitedAt])).toEqual([
      ['done', at('09:10')],
      ['done', at('09:30')],
    ]);
  });

  it('is late when a checkpoint is reached only within the allowance after the window, missed after it', () => {
    const late = scoreRun(
      day,
      window,
      15,
      [gate, store],
      trackOf([
        ['09:10', 31.2305, 121.4737],
        ['10:10', 31.2351, 121.4737],
      ]),
      at('12:00'),
    );
    expect(late.status).toBe('late');
    const missed = scoreRun(
      day,
      window,
      15,
      [gate, store],
      trackOf([
        ['09:10', 31.2305, 121.4737],
        ['10:20', 31.2351, 121.4737],
      ]),
      at('12:00'),
    );
    expect(missed.status).toBe('missed');
    expect(missed.visits[1]).toMatchObject({ status: 'missed', visitedAt: null });
  });

  it('stays pending until the allowance has passed', () => {
    expect(scoreRun(day, window, 15, [gate], trackOf([]), at('10:10')).status).toBe('pending');
    expect(scoreRun(day, window, 15, [gate], trackOf([['08:50', 31.2304, 121.4737]]), at('10:16')).status).toBe('missed');
  });
});

describe('stops and off-post stretches', () => {
  const pts = ['08:00', '08:10', '08:20', '08:30', '08:40', '08:50'].map((t, i) => ({
    time: at(t),
    lat: 31.23 + (i >= 2 && i <= 4 ? 0.01 : 0),
    lon: 121.47,
  }));
  it('finds a stay of at least the minimum', () => {
    expect(stopsOf(pts, 15).map((s) => [s.start, s.end])).toEqual([[at('08:20'), at('08:40')]]);
  });
  it('finds time outside the area during the shift', () => {
    const inArea = (p: { lat: number }) => p.lat < 31.235;
    expect(offPostOf(pts, inArea, () => true, 10)).toEqual([
      expect.objectContaining({ start: at('08:20'), end: at('08:50'), minutes: 30 }),
    ]);
    expect(offPostOf(pts, inArea, (t) => t < at('08:15'), 10)).toEqual([]);
  });
});
