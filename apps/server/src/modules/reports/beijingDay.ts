import { BEIJING_OFFSET_MS } from '@chelian/contracts';

/**
 * Report days are Beijing calendar days (Asia/Shanghai, UTC+8 all year: China has no summer
 * time), written 'YYYY-MM-DD'. A day runs from 16:00 UTC of the day before to 16:00 UTC.
 */
export type Day = string;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
export const DAY_MS = 86_400_000;

export function isDay(text: string): boolean {
  const m = DAY.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === text;
}

/** The Beijing day an instant falls on. */
export function beijingDayOf(at: Date | number): Day {
  return new Date(new Date(at).getTime() + BEIJING_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant a Beijing day starts. */
export function dayStart(day: Day): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - BEIJING_OFFSET_MS);
}

export function addDays(day: Day, n: number): Day {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** Days from..to inclusive. */
export function daysBetween(from: Day, to: Day): Day[] {
  const out: Day[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}
