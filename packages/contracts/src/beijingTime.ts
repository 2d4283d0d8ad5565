/**
 * Beijing time is UTC+8 all year (China keeps no summer time): report days, shift days and the
 * 'YYYY-MM-DD HH:mm' times people type are Beijing's, stored instants are UTC. One offset for both
 * sides: nothing else writes 8 hours or '+08:00' (a protocol's own wire clock aside, packages/protocols).
 */
export const BEIJING_OFFSET_MS = 8 * 3_600_000;

/** The instant Beijing's wall clock reads `wall`, an ISO date-time without its zone ('YYYY-MM-DDTHH:mm:ss.SSS'); NaN when it is none. */
export function beijingWallInstant(wall: string): number {
  return Date.parse(`${wall}Z`) - BEIJING_OFFSET_MS;
}

/** The instant a Beijing day ('YYYY-MM-DD') starts; NaN when it is no day. */
export function beijingDayStart(day: string): number {
  return beijingWallInstant(`${day}T00:00:00`);
}

/** An instant as Beijing's wall clock in ISO form without the zone: '2026-05-02T08:00:00.000'. */
export function beijingWallText(ms: number): string {
  return new Date(ms + BEIJING_OFFSET_MS).toISOString().slice(0, 23);
}

/** An instant as the pages and every exported file write it: Beijing's '2026-05-02 08:00:00'. */
export function beijingDisplayText(ms: number): string {
  return beijingWallText(ms).slice(0, 19).replace('T', ' ');
}
