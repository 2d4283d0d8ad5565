import { describe, expect, it } from 'vitest';
import { beijingMidnight, DAY_MS, isWorkday } from '@chelian/contracts';
import { attendanceOfDay, badPeriod, shiftPeriodAt, shiftPeriodProblem, type ShiftRule } from './attendance.ts';
import { inShift, shiftRule } from './card.presenter.ts';
import type { ShiftRow } from './setup.queries.ts';

const day = '2026-11-25'; // a Wednesday
const at = (hhmm: string) => beijingMidnight(day) + (Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3))) * 60_000;
const rule: ShiftRule = {
  weekdays: [1, 2, 3, 4, 5],
  holidays: new Set(),
  workdays: new Set(),
  periods: [
    { start: 8 * 60, end: 12 * 60 },
    { start: 14 * 60, end: 18 * 60 },
  ],
  lateMinutes: 5,
  earlyMinutes: 10,
};
/** A position each minute from `from` to `to`, at post when `post` says so. */
function track(from: string, to: string, post: (t: number) => boolean = () => true) {
  const times: number[] = [];
  for (let t = at(from); t <= at(to); t += 60_000) times.push(t);
  return { times, atPost: (i: number) => post(times[i]!) };
}
const after = at('23:59');

describe('attendance from position', () => {
  it('is normal when the person is at post from before the start to the end', () => {
    const r = attendanceOfDay(rule, day, track('07:50', '18:05'), after);
    expect(r.map((p) => p.status)).toEqual(['normal', 'normal']);
    expect(r[0]).toMatchObject({ arrivedAt: at('07:50'), leftAt: at('13:00') });
  });

  it('is late past the threshold, not within it; early when leaving before the end minus its threshold', () => {
    expect(attendanceOfDay(rule, day, track('08:05', '18:00'), after)[0]!.status).toBe('normal');
    expect(attendanceOfDay(rule, day, track('08:06', '18:00'), after)[0]!.status).toBe('late');
    const leftAt1130 = track('07:55', '18:00', (t) => t <= at('11:30') || t >= at('13:55'));
    expect(attendanceOfDay(rule, day, leftAt1130, after).map((p) => p.status)).toEqual(['early', 'normal']);
    const both = track('08:30', '17:00');
    expect(attendanceOfDay(rule, day, both, after)[1]!.status).toBe('early');
    expect(attendanceOfDay(rule, day, track('14:20', '17:00'), after).map((p) => p.status)).toEqual(['absent', 'lateEarly']);
  });

  it('counts only positions at post: reporting from elsewhere is absence', () => {
    const elsewhere = track('07:00', '19:00', (t) => t >= at('13:00'));
    expect(attendanceOfDay(rule, day, elsewhere, after).map((p) => p.status)).toEqual(['absent', 'normal']);
    expect(attendanceOfDay(rule, day, { times: [], atPost: () => true }, after).map((p) => p.status)).toEqual(['absent', 'absent']);
  });

  it('leaves at the last fix at post after the arrival, the arrival minute only when it was the one fix', () => {
    // At post 07:50–07:59, then away all morning: left 07:59 (早退), not 07:50 again.
    const goneAtStart = track('07:10', '12:30', (t) => t >= at('07:50') && t <= at('07:59'));
    expect(attendanceOfDay(rule, day, goneAtStart, after)[0]).toMatchObject({
      status: 'early',
      arrivedAt: at('07:50'),
      leftAt: at('07:59'),
    });
    const once = { times: [at('07:50')], atPost: () => true };
    expect(attendanceOfDay(rule, day, once, after)[0]).toMatchObject({ arrivedAt: at('07:50'), leftAt: at('07:50') });
  });

  it('has no 离岗 while the period runs (未离岗), though the arrival shows', () => {
    // Fixes from 07:10 on the way, in the area at 07:50, looked at 07:55 and 09:00.
    const onTheWay = track('07:10', '09:00', (t) => t >= at('07:50'));
    expect(attendanceOfDay(rule, day, onTheWay, at('07:55'))[0]).toMatchObject({ status: 'pending', arrivedAt: at('07:50'), leftAt: null });
    expect(attendanceOfDay(rule, day, onTheWay, at('09:00'))[0]).toMatchObject({ status: 'pending', arrivedAt: at('07:50'), leftAt: null });
  });

  it('waits for a period to end before judging it', () => {
    expect(attendanceOfDay(rule, day, track('08:30', '10:00'), at('10:00')).map((p) => p.status)).toEqual(['pending', 'pending']);
  });

  it('follows weekdays, holidays and special working days', () => {
    expect(isWorkday(rule, '2026-11-28')).toBe(false); // Saturday
    expect(isWorkday({ ...rule, workdays: new Set(['2026-11-28']) }, '2026-11-28')).toBe(true);
    expect(attendanceOfDay({ ...rule, holidays: new Set([day]) }, day, track('08:00', '18:00'), after)).toEqual([]);
  });

  it('refuses patrol windows that end before they start or overlap', () => {
    expect(
      badPeriod([
        { start: '08:00', end: '12:00' },
        { start: '11:00', end: '13:00' },
      ]),
    ).toEqual({ start: '11:00', end: '13:00' });
    expect(badPeriod([{ start: '18:00', end: '08:00' }])).toEqual({ start: '18:00', end: '08:00' });
    expect(
      badPeriod([
        { start: '14:00', end: '18:00' },
        { start: '08:00', end: '12:00' },
      ]),
    ).toBeNull();
  });
});

// A night shift, 22:00 to 06:00: a period of the working day it starts on (Wednesday the 25th),
// ending on Thursday morning. Positions are minute by minute across midnight.
describe('a period across midnight', () => {
  const next = '2026-11-26';
  const nextAt = (hhmm: string) => at(hhmm) + DAY_MS;
  const row = {
    weekdays: [1, 2, 3, 4, 5],
    holidays: [],
    workdays: [],
    periods: [{ start: '22:00', end: '06:00' }],
    late_minutes: 5,
    early_minutes: 10,
  } as unknown as ShiftRow;
  const night = shiftRule(row);
  /** A position each minute from `from` on the 25th to `to` on the 26th. */
  const overnight = (from: string, to: string, post: (t: number) => boolean = () => true) => {
    const times: number[] = [];
    for (let t = at(from); t <= nextAt(to); t += 60_000) times.push(t);
    return { times, atPost: (i: number) => post(times[i]!) };
  };
  const judged = nextAt('08:00');

  it('ends the next day: its minutes run past midnight', () => {
    expect(night.periods).toEqual([{ start: 22 * 60, end: 30 * 60 }]);
  });

  it('is normal when the person is at post from before 22:00 until 06:00 the next morning', () => {
    const [p] = attendanceOfDay(night, day, overnight('21:50', '06:30'), judged);
    expect(p).toMatchObject({ status: 'normal', arrivedAt: at('21:50'), leftAt: nextAt('06:30') });
  });

  it('is late past the threshold after 22:00, early before 06:00 minus its threshold, both, or absent', () => {
    expect(attendanceOfDay(night, day, overnight('22:05', '06:00'), judged)[0]!.status).toBe('normal');
    expect(attendanceOfDay(night, day, overnight('22:06', '06:00'), judged)[0]!.status).toBe('late');
    expect(attendanceOfDay(night, day, overnight('21:55', '05:50'), judged)[0]!.status).toBe('normal');
    expect(attendanceOfDay(night, day, overnight('21:55', '05:49'), judged)[0]).toMatchObject({ status: 'early', leftAt: nextAt('05:49') });
    expect(attendanceOfDay(night, day, overnight('23:00', '04:00'), judged)[0]!.status).toBe('lateEarly');
    // After midnight only, from elsewhere before: arrived at 00:00 on the 26th, late.
    const afterMidnight = overnight('21:00', '06:00', (t) => t >= nextAt('00:00'));
    expect(attendanceOfDay(night, day, afterMidnight, judged)[0]).toMatchObject({ status: 'late', arrivedAt: nextAt('00:00') });
    expect(
      attendanceOfDay(
        night,
        day,
        overnight('21:00', '06:00', () => false),
        judged,
      )[0]!.status,
    ).toBe('absent');
    expect(attendanceOfDay(night, day, { times: [], atPost: () => true }, judged)[0]!.status).toBe('absent');
  });

  it('stays pending until 06:00 the next morning, not until midnight', () => {
    expect(attendanceOfDay(night, day, overnight('21:55', '03:00'), nextAt('03:00'))[0]!.status).toBe('pending');
    expect(attendanceOfDay(night, day, overnight('21:55', '06:00'), nextAt('05:59'))[0]!.status).toBe('pending');
    expect(attendanceOfDay(night, day, overnight('21:55', '06:00'), nextAt('06:00'))[0]!.status).toBe('normal');
  });

  it('belongs to the day it starts on: a holiday that day has no night shift, a holiday the next day does not cancel it', () => {
    expect(attendanceOfDay({ ...night, holidays: new Set([day]) }, day, overnight('21:55', '06:00'), judged)).toEqual([]);
    expect(attendanceOfDay({ ...night, holidays: new Set([next]) }, day, overnight('21:55', '06:00'), judged).map((p) => p.status)).toEqual(
      ['normal'],
    );
    // Friday's night runs into Saturday; Saturday has none.
    expect(attendanceOfDay(night, '2026-11-28', overnight('21:55', '06:00'), judged)).toEqual([]);
  });

  it("is in shift after midnight as the day before's period (off-post, standstill and offline alarms, staff state)", () => {
    expect(shiftPeriodAt(night, nextAt('03:00'))).toEqual({ day, period: 0 });
    expect(shiftPeriodAt(night, at('23:00'))).toEqual({ day, period: 0 });
    expect(shiftPeriodAt(night, nextAt('06:00'))).toBeNull();
    expect(shiftPeriodAt(night, at('21:59'))).toBeNull();
    // Monday 03:00 is Sunday's night: Sunday is no workday.
    expect(inShift(night, beijingMidnight('2026-11-30') + 3 * 3_600_000)).toBe(false);
    // Saturday 03:00 is Friday's night.
    expect(inShift(night, beijingMidnight('2026-11-28') + 3 * 3_600_000)).toBe(true);
    expect(inShift({ ...night, holidays: new Set(['2026-11-27']) }, beijingMidnight('2026-11-28') + 3 * 3_600_000)).toBe(false);
  });

  it("says which rule a shift's periods break", () => {
    const p = (start: string, end: string) => ({ start, end });
    expect(shiftPeriodProblem([p('22:00', '06:00')])).toBeNull();
    expect(shiftPeriodProblem([p('06:00', '14:00'), p('14:00', '22:00'), p('22:00', '06:00')])).toBeNull();
    expect(shiftPeriodProblem([p('12:00', '12:00')])).toEqual({ error: 'periodSame', period: p('12:00', '12:00') });
    expect(shiftPeriodProblem([p('08:00', '18:00'), p('09:00', '10:00'), p('12:00', '13:00')])).toEqual({
      error: 'periodOverlap',
      period: p('09:00', '10:00'),
      other: p('08:00', '18:00'),
    });
    expect(shiftPeriodProblem([p('20:00', '02:00'), p('22:00', '23:00')])).toEqual({
      error: 'periodOverlap',
      period: p('22:00', '23:00'),
      other: p('20:00', '02:00'),
    });
    expect(shiftPeriodProblem([p('22:00', '06:00'), p('05:30', '09:00')])).toEqual({
      error: 'periodOverlapNextDay',
      period: p('22:00', '06:00'),
      other: p('05:30', '09:00'),
    });
    expect(shiftPeriodProblem([p('00:30', '01:00'), p('22:00', '00:31')])).toEqual({
      error: 'periodOverlapNextDay',
      period: p('22:00', '00:31'),
      other: p('00:30', '01:00'),
    });
  });
});
