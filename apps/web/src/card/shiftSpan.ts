import { beijingMidnight, isWorkday, periodSpan, type CardShift, type CardTeam, type Staff } from '@chelian/contracts';

const MINUTE = 60_000;

/** The shift that applies to a person, as the server's attendance reads it: their own, else their team's. */
export function effectiveShiftId(
  person: Pick<Staff, 'shiftId' | 'teamId'>,
  teams: readonly Pick<CardTeam, 'teamId' | 'shiftId'>[],
): number | null {
  return person.shiftId ?? teams.find((t) => t.teamId === person.teamId)?.shiftId ?? null;
}

/**
 * The instants a shift covers on a Beijing day ('YYYY-MM-DD'): from its first period's start to its
 * last period's end, the next morning for a night period (an end at or before its start), by the
 * server's own rule (@chelian/contracts cardShift.ts: special working days win over holidays,
 * holidays over the weekly pattern). Null when the day is not worked or has no periods.
 */
export function shiftSpanOn(
  shift: Pick<CardShift, 'weekdays' | 'holidays' | 'workdays' | 'periods'>,
  day: string,
): { start: number; end: number } | null {
  const worked = isWorkday({ weekdays: shift.weekdays, holidays: new Set(shift.holidays), workdays: new Set(shift.workdays) }, day);
  if (!worked || shift.periods.length === 0) return null;
  const spans = shift.periods.map(periodSpan);
  const midnight = beijingMidnight(day);
  return {
    start: midnight + Math.min(...spans.map((s) => s.start)) * MINUTE,
    end: midnight + Math.max(...spans.map((s) => s.end)) * MINUTE,
  };
}
