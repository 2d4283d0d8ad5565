import { beijingDayOf } from '@chelian/contracts/beijingTime.ts';
import { FUTURE_TOLERANCE_MS, isLateForRollup } from '../core/lateReports.ts';
import type { StoredPosition } from './ingest.queries.ts';

/**
 * Which Beijing days a connection's positions reopen for the report rollup: blind-area uploads
 * hours later, or a day already final (core/lateReports.ts). Keeps the newest report time stored
 * (or being stored) for the terminal: an older one is out of order.
 */
export class LateDayTracker {
  private newestAt = -Infinity;

  /** The connection now goes by a terminal whose newest stored fix is this old (null: none; ahead of the clock: not believed). */
  identified(latestAt: number | null) {
    this.newestAt = latestAt !== null && latestAt <= Date.now() + FUTURE_TOLERANCE_MS ? latestAt : -Infinity;
  }

  /** The days, each once, that these positions came too late for; null when none (nearly every report). */
  lateDays(positions: readonly StoredPosition[], now: number): string[] | null {
    let days: string[] | null = null;
    // Indexed: `positions` is often the shared frozen NO_ROWS (see AlarmEdgeTracker.fromPositions).
    for (let i = 0; i < positions.length; i++) {
      const p = positions[i];
      if (isLateForRollup(p.gpsTime, this.newestAt, now)) {
        const day = beijingDayOf(p.gpsTime);
        if (!days?.includes(day)) (days ??= []).push(day);
      } else if (p.gpsTime <= now + FUTURE_TOLERANCE_MS) this.newestAt = p.gpsTime;
    }
    return days;
  }
}
