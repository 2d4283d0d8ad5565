/**
 * 智能工牌's shift rule, one copy for both sides (docs/card.md): which Beijing days a shift works,
 * and where its periods fall in them. The server's attendance and alarms
 * (apps/server/src/modules/card/attendance.ts) and the web's 当班 span (apps/web/src/card/shiftSpan.ts)
 * both read it from here.
 */

import { BEIJING_OFFSET_MS } from './beijingTime.ts';

export const DAY_MINUTES = 1440;

/** Minutes of the day of a clock 'HH:mm'. */
export const clockMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * A period's minutes from its working day's Beijing midnight: an end at or before the start is
 * the next day's (a night period, 22:00–06:00, belongs to the day it starts on).
 */
export function periodSpan(p: { start: string; end: string }): { start: number; end: number } {
  const start = clockMinutes(p.start);
  const end = clockMinutes(p.end);
  return { start, end: end <= start ? end + DAY_MINUTES : end };
}

// Attendance for a month of 5 000 people asks for the same 30 days 150 000 times: parse each day once.
const dayCache = new Map<string, { midnight: number; weekday: number }>();
function dayInfo(day: string) {
  let info = dayCache.get(day);
  if (!info) {
    const utc = Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
    info = { midnight: utc - BEIJING_OFFSET_MS, weekday: ((new Date(utc).getUTCDay() + 6) % 7) + 1 };
    if (dayCache.size > 4096) dayCache.clear();
    dayCache.set(day, info);
  }
  return info;
}

/** Epoch ms of a Beijing day's midnight ('2026-11-26'). */
export const beijingMidnight = (day: string) => dayInfo(day).midnight;
/** ISO weekday of a day ('YYYY-MM-DD'): 1 Monday … 7 Sunday. */
export const isoWeekday = (day: string) => dayInfo(day).weekday;

export interface WorkdayRule {
  /** ISO weekdays 1 (Monday) … 7 */
  weekdays: readonly number[];
  holidays: ReadonlySet<string>;
  /** special working days ('YYYY-MM-DD') */
  workdays: ReadonlySet<string>;
}

/** Whether a shift works a day: special working days win over holidays, holidays over the weekly pattern. */
export function isWorkday(rule: WorkdayRule, day: string): boolean {
  if (rule.workdays.has(day)) return true;
  if (rule.holidays.has(day)) return false;
  return rule.weekdays.includes(isoWeekday(day));
}
