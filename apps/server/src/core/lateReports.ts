// The file alone, not the package's index: the gateway loads this and none of the endpoint schemas.
import { BEIJING_OFFSET_MS, DAY_MS } from '@chelian/contracts/beijingTime.ts';

/**
 * Report days (Beijing days, modules/reports) are rolled up as positions arrive; a day is made
 * final by one full pass this long after it ended (buffered uploads, the offline decision that
 * comes later). Positions for a day arriving after that are "late": the gateway flags their
 * terminal and day, and the rollup recomputes just those (rollup_late_days).
 */
export const FINAL_AFTER_MS = 2 * 3600_000;

/** Flag a day this much before the rollup makes it final, so two processes' clocks may differ. */
const CLOCK_MARGIN_MS = 3600_000;

/** A time further ahead than this is a wrong clock: it never becomes the terminal's "newest". */
export const FUTURE_TOLERANCE_MS = 10 * 60_000;

/**
 * A position the rollup's passes would miss: older than what its terminal already stored (out of
 * order, e.g. a blind-area upload after the live reports), or of a day that is final, or nearly.
 * A pass during the day reads only what is newer than the last position it counted.
 */
export function isLateForRollup(gpsTime: number, newestStored: number, now: number): boolean {
  if (gpsTime < newestStored) return true;
  const dayEnd = Math.floor((gpsTime + BEIJING_OFFSET_MS) / DAY_MS) * DAY_MS - BEIJING_OFFSET_MS + DAY_MS;
  return dayEnd + FINAL_AFTER_MS - CLOCK_MARGIN_MS <= now;
}
