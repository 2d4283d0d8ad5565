import { describe, expect, it } from 'vitest';
import { attendanceOfDay, badPeriod, beijingMidnight, isWorkday, type ShiftRule } from './attendance.ts';

const day = '2026-11-25'; // a Wednesday
const at = (hhmm: string) => beijingMidnight(day) + (Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3))) * 60_000;
const rule: ShiftRule = {
  weekdays: [1, 2, 3, 4, 5], holidays: new Set(), workdays: new Set(),
  periods: [{ start: 8 * 60, end: 12 * 60 }, { start: 14 * 60, end: 18 * 60 }], lateMinutes: 5, earlyMinutes: 10,
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

  it('waits for a period to end before judging it', () => {
    expect(attendanceOfDay(rule, day, track('08:30', '10:00'), at('10:00')).map((p) => p.status)).toEqual(['pending', 'pending']);
  });

  it('follows weekdays, holidays and special working days', () => {
    expect(isWorkday(rule, '2026-11-28')).toBe(false); // Saturday
    expect(isWorkday({ ...rule, workdays: new Set(['2026-11-28']) }, '2026-11-28')).toBe(true);
    expect(attendanceOfDay({ ...rule, holidays: new Set([day]) }, day, track('08:00', '18:00'), after)).toEqual([]);
  });

  it('refuses periods that end before they start or overlap', () => {
    expect(badPeriod([{ start: '08:00', end: '12:00' }, { start: '11:00', end: '13:00' }])).toEqual({ start: '11:00', end: '13:00' });
    expect(badPeriod([{ start: '18:00', end: '08:00' }])).toEqual({ start: '18:00', end: '08:00' });
    expect(badPeriod([{ start: '14:00', end: '18:00' }, { start: '08:00', end: '12:00' }])).toBeNull();
  });
});
