import { describe, expect, it } from 'vitest';
import { beijingDayStart, DAY_MS } from '@chelian/contracts/beijingTime.ts';
import { accPeriods, type AccFix } from './acc.ts';

const t = (day: string, hhmm: string) => Date.parse(`${day}T${hhmm}:00+08:00`);
const fix = (day: string, hhmm: string, acc: boolean): AccFix => ({ at: t(day, hhmm), acc });
const D = '2026-05-02';
const span = [beijingDayStart(D), beijingDayStart('2026-05-03')] as const;
const rows = (p: ReturnType<typeof accPeriods>) =>
  p.map((r) => [
    r.day,
    r.acc,
    new Date(r.startAt + 8 * 3600_000).toISOString().slice(11, 16),
    new Date(r.endAt + 8 * 3600_000).toISOString().slice(11, 16),
    r.open,
    r.switched,
  ]);

describe('ACC periods', () => {
  it('runs from the report of a state to the report of the other, the last one open at the last report', () => {
    const fixes = [
      fix(D, '07:00', true),
      fix(D, '07:30', true),
      fix(D, '08:00', false),
      fix(D, '12:00', false),
      fix(D, '13:00', true),
      fix(D, '14:00', true),
    ];
    expect(rows(accPeriods(null, fixes, null, ...span))).toEqual([
      [D, true, '07:00', '08:00', false, true],
      [D, false, '08:00', '13:00', false, true],
      [D, true, '13:00', '14:00', true, true],
    ]);
  });

  it('carries the state in from before midnight and out to the next day, cut at midnight', () => {
    const before = fix('2026-05-01', '22:00', false);
    const after = fix('2026-05-03', '06:00', true);
    const fixes = [fix(D, '06:30', true), fix(D, '23:00', true)];
    expect(rows(accPeriods(before, fixes, after, ...span))).toEqual([
      [D, false, '00:00', '06:30', false, false],
      [D, true, '06:30', '00:00', false, true],
    ]);
    // A two-day span splits the overnight period at midnight.
    const twoDays = accPeriods(
      null,
      [fix(D, '22:00', true), fix('2026-05-03', '01:00', false), fix('2026-05-03', '02:00', false)],
      null,
      span[0],
      span[1] + DAY_MS,
    );
    expect(rows(twoDays)).toEqual([
      [D, true, '22:00', '00:00', false, true],
      ['2026-05-03', true, '00:00', '01:00', false, false],
      ['2026-05-03', false, '01:00', '02:00', true, true],
    ]);
  });

  it('knows a whole silent day from the reports either side, and nothing without reports inside or after', () => {
    expect(rows(accPeriods(fix('2026-05-01', '20:00', false), [], fix('2026-05-03', '07:00', true), ...span))).toEqual([
      [D, false, '00:00', '00:00', false, false],
    ]);
    expect(accPeriods(fix('2026-05-01', '20:00', false), [], null, ...span)).toEqual([]);
    expect(accPeriods(null, [], null, ...span)).toEqual([]);
  });

  it('keeps a switch at the very last report as an open period of no length', () => {
    expect(rows(accPeriods(null, [fix(D, '09:00', false), fix(D, '10:00', true)], null, ...span))).toEqual([
      [D, false, '09:00', '10:00', false, true],
      [D, true, '10:00', '10:00', true, true],
    ]);
  });
});
