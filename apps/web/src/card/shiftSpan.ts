import type { CardShift, CardTeam, Staff } from '@chelian/contracts';
import { beijingDaySpan } from '../shared/format/beijingTime.ts';

const MINUTE = 60_000;
const DAY_MINUTES = 1440;

/** The shift that applies to a person, as the server's attendance reads it: their own, else their team's. */
export function effectiveShiftId(person: Pick<Staff, 'shiftId' | 'teamId'>, teams: readonly Pick<CardTeam, 'teamId' | 'shiftId'>[]): number | null {
  return person.shiftId ?? teams.find((t) => t.teamId === person.teamId)?.shiftId ?? null;
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const isoWeekday = (day: string) => ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

/**
 * The instants a shift covers on a Beijing day ('YYYY-MM-DD'): from its first period's start to its
 * last period's end, the next morning for a night period (an end at or before its start). The
 * server's rule (modules/card/attendance.ts isWorkday, periodSpan): special working days win over
 * holidays, holidays over the weekly pattern. Null when the day is not worked or has no periods.
 */
export function shiftSpanOn(shift: Pick<CardShift, 'weekdays' | 'holidays' | 'workdays' | 'periods'>, day: string): { start: number; end: number } | null {
  const worked = shift.workdays.includes(day) || (!shift.holidays.includes(day) && shift.weekdays.includes(isoWeekday(day)));
  if (!worked || shift.periods.length === 0) return null;
  const spans = shift.periods.map((p) => {
    const start = minutesOf(p.start);
    const end = minutesOf(p.end);
    return { start, end: end <= start ? end + DAY_MINUTES : end };
  });
  const midnight = beijingDaySpan(day).start;
  return { start: midnight + Math.min(...spans.map((s) => s.start)) * MINUTE, end: midnight + Math.max(...spans.map((s) => s.end)) * MINUTE };
}
