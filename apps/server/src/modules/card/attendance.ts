import {
  beijingMidnight,
  clockMinutes,
  DAY_MINUTES,
  isWorkday,
  periodSpan,
  type AttendanceStatus,
  type WorkdayRule,
} from '@chelian/contracts';
import { addDays, beijingDayOf } from '@chelian/contracts/beijingTime.ts';

/**
 * Attendance from position, with no clock-in (docs/card.md): for each period of a working day,
 * the first time the person is at post from an hour before the start to the end, and the last
 * time from that arrival to an hour after the end (none while the period runs). A night period (22:00–06:00) belongs to the
 * working day it starts on and ends the next morning. Pure: positions in, statuses out.
 */

const MINUTE = 60_000;
/** How long before a period's start arriving counts, and after its end leaving is looked for. */
export const ATTENDANCE_SLACK_MINUTES = 60;

/** A shift as the server judges it: which days it works (the shared rule, contracts' cardShift.ts) and its periods. */
export interface ShiftRule extends WorkdayRule {
  /** minutes from the working day's Beijing midnight, sorted by start; a night period's end is past 1440 (the next day) */
  periods: ReadonlyArray<{ start: number; end: number }>;
  lateMinutes: number;
  earlyMinutes: number;
}

/** A person's positions of the day (and its slack), time-sorted, with whether each is at post. */
export interface DayTrack {
  times: ArrayLike<number>;
  atPost: (index: number) => boolean;
}

export interface PeriodResult {
  period: number;
  /** epoch ms of the period's start: a pending period has started (进行中) once `now` is past it */
  start: number;
  status: AttendanceStatus;
  arrivedAt: number | null;
  leftAt: number | null;
}

/** 'HH:mm' of a minute of the day; a night period's end (past 1440) shows as the next day's clock. */
export const minutesClock = (m: number) => {
  const d = m % DAY_MINUTES;
  return `${String(Math.floor(d / 60)).padStart(2, '0')}:${String(d % 60).padStart(2, '0')}`;
};

/** How far past the working day's end (minutes) its last period reaches: 0 without a night period. */
export const overnightMinutes = (rule: ShiftRule) => rule.periods.reduce((n, p) => Math.max(n, p.end - DAY_MINUTES), 0);

/** First index with times[i] >= t (binary search). */
export function lowerBound(times: ArrayLike<number>, t: number, from = 0, to = times.length): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (times[mid]! < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The day's periods, each judged once it has ended (`now`), else 'pending'. Scans forward from
 * the arrival window's start and backward from the leaving window's end, so an on-time person
 * costs a few positions per period, not the whole day.
 */
export function attendanceOfDay(rule: ShiftRule, day: string, track: DayTrack, now: number): PeriodResult[] {
  if (!isWorkday(rule, day)) return [];
  const midnight = beijingMidnight(day);
  const { times, atPost } = track;
  const out: PeriodResult[] = [];
  rule.periods.forEach((p, period) => {
    const start = midnight + p.start * MINUTE;
    const end = midnight + p.end * MINUTE;
    let arrivedAt: number | null = null;
    const arriveTo = lowerBound(times, end + 1);
    for (let i = lowerBound(times, start - ATTENDANCE_SLACK_MINUTES * MINUTE); i < arriveTo; i++) {
      if (atPost(i)) {
        arrivedAt = times[i]!;
        break;
      }
    }
    // Left: the last at-post position from the arrival to an hour after the end — never before
    // the arrival, so 到岗 and 离岗 are one minute only when one position was at post. While the
    // period runs nobody has left yet (未离岗): the latest position so far is not a departure.
    let leftAt: number | null = null;
    if (arrivedAt !== null && now >= end) {
      const leaveFrom = lowerBound(times, arrivedAt);
      for (let i = lowerBound(times, end + ATTENDANCE_SLACK_MINUTES * MINUTE + 1) - 1; i >= leaveFrom; i--) {
        if (atPost(i)) {
          leftAt = times[i]!;
          break;
        }
      }
    }
    out.push({ period, start, arrivedAt, leftAt, status: judge(start, end, arrivedAt, leftAt, rule, now) });
  });
  return out;
}

function judge(
  start: number,
  end: number,
  arrivedAt: number | null,
  leftAt: number | null,
  rule: ShiftRule,
  now: number,
): AttendanceStatus {
  if (now < end) return 'pending';
  if (arrivedAt === null || leftAt === null) return 'absent';
  const late = arrivedAt > start + rule.lateMinutes * MINUTE;
  const early = leftAt < end - rule.earlyMinutes * MINUTE;
  if (late && early) return 'lateEarly';
  return late ? 'late' : early ? 'early' : 'normal';
}

/**
 * The working day and period `at` falls in, or null: a period of its own Beijing day, or the
 * night period of the day before that runs past midnight (its working day is the day before).
 */
export function shiftPeriodAt(rule: ShiftRule, at: number): { day: string; period: number } | null {
  const day = beijingDayOf(at);
  const minute = (at - beijingMidnight(day)) / MINUTE;
  if (overnightMinutes(rule) > minute) {
    const before = addDays(day, -1);
    if (isWorkday(rule, before)) {
      const period = rule.periods.findIndex((p) => minute + DAY_MINUTES >= p.start && minute + DAY_MINUTES < p.end);
      if (period >= 0) return { day: before, period };
    }
  }
  if (!isWorkday(rule, day)) return null;
  const period = rule.periods.findIndex((p) => minute >= p.start && minute < p.end);
  return period >= 0 ? { day, period } : null;
}

export type ShiftPeriodText = { start: string; end: string };
/** How a period reads in messages: '08:00-12:00', a night one '22:00-次日06:00'. */
export const periodText = (p: ShiftPeriodText) => (p.end <= p.start ? `${p.start}-次日${p.end}` : `${p.start}-${p.end}`);

export type PeriodProblem =
  | { error: 'periodSame'; period: ShiftPeriodText }
  | { error: 'periodOverlap' | 'periodOverlapNextDay'; period: ShiftPeriodText; other: ShiftPeriodText };

/**
 * What is wrong with a shift's periods, the first problem found, or null. A period may cross
 * midnight (its end at or before its start is the next day's) but may not start and end at the
 * same minute; no two may overlap; and a night period must end by the start of the first period
 * of the next day, whether or not that day is worked, so no position ever counts for two periods.
 * (At most one period can cross midnight: a second would overlap the first.)
 */
export function shiftPeriodProblem(periods: readonly ShiftPeriodText[]): PeriodProblem | null {
  const spans = periods.map((p) => ({ p, ...periodSpan(p) })).sort((a, b) => a.start - b.start);
  const same = spans.find((s) => s.end - s.start === DAY_MINUTES);
  if (same) return { error: 'periodSame', period: same.p };
  let latest = spans[0];
  for (const s of spans.slice(1)) {
    if (latest && s.start < latest.end) return { error: 'periodOverlap', period: s.p, other: latest.p };
    if (!latest || s.end > latest.end) latest = s;
  }
  const first = spans[0];
  if (latest && first && latest !== first && latest.end - DAY_MINUTES > first.start)
    return { error: 'periodOverlapNextDay', period: latest.p, other: first.p };
  return null;
}

/** Patrol windows stay within one day: each must end after it starts, none may overlap; names the first bad one. */
export function badPeriod(periods: ReadonlyArray<{ start: string; end: string }>): { start: string; end: string } | null {
  const sorted = [...periods].sort((a, b) => clockMinutes(a.start) - clockMinutes(b.start));
  for (let i = 0; i < sorted.length; i++) {
    const p = sorted[i]!;
    if (clockMinutes(p.end) <= clockMinutes(p.start)) return p;
    if (i > 0 && clockMinutes(p.start) < clockMinutes(sorted[i - 1]!.end)) return p;
  }
  return null;
}
