/**
 * Beijing time is UTC+8 all year (China keeps no summer time): report days, shift days and the
 * 'YYYY-MM-DD HH:mm' times people type are Beijing's, stored instants are UTC. One offset for both
 * sides: nothing else writes 8 hours or '+08:00' (a protocol's own wire clock aside, packages/protocols).
 */
export const BEIJING_OFFSET_MS = 8 * 3_600_000;
/** A day's milliseconds: server, web, simulator, benchmarks and tests take this one (packages/protocols keeps its own clock). */
export const DAY_MS = 86_400_000;

/**
 * A Beijing calendar day, 'YYYY-MM-DD' (report days, shift days, a pet's day): it runs from 16:00 UTC
 * of the day before to 16:00 UTC.
 */
export type BeijingDay = string;

/** The instant Beijing's wall clock reads `wall`, an ISO date-time without its zone ('YYYY-MM-DDTHH:mm:ss.SSS'); NaN when it is none. */
export function beijingWallInstant(wall: string): number {
  return Date.parse(`${wall}Z`) - BEIJING_OFFSET_MS;
}

/** The instant a Beijing day ('YYYY-MM-DD') starts; NaN when it is no day. */
export function beijingDayStart(day: string): number {
  return beijingWallInstant(`${day}T00:00:00`);
}

/** The Beijing day an instant falls on: 16:00 UTC is already the next day. */
export function beijingDayOf(at: Date | number): BeijingDay {
  return new Date(new Date(at).getTime() + BEIJING_OFFSET_MS).toISOString().slice(0, 10);
}

const DAY_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether a text is a real calendar day 'YYYY-MM-DD' (not '2026-02-30'). */
export function isDay(text: string): boolean {
  const m = DAY_TEXT.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === text;
}

/** The day `n` calendar days after `day` (before, for a negative `n`). */
export function addDays(day: BeijingDay, n: number): BeijingDay {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** The days from `from` to `to`, both included; none when `to` is before `from`. */
export function daysBetween(from: BeijingDay, to: BeijingDay): BeijingDay[] {
  const out: BeijingDay[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

/** An instant as Beijing's wall clock in ISO form without the zone: '2026-05-02T08:00:00.000'. */
export function beijingWallText(ms: number): string {
  return new Date(ms + BEIJING_OFFSET_MS).toISOString().slice(0, 23);
}

/** An instant as the pages and every exported file write it: Beijing's '2026-05-02 08:00:00'. */
export function beijingDisplayText(ms: number): string {
  return beijingWallText(ms).slice(0, 19).replace('T', ' ');
}
