// The distance of a track by the rule of the daily mileage (docs/reports.md, "The daily figures"),
// so that playback and the reports give the same figure for the same fixes. The server's rollup
// applies the same rule in SQL (apps/server/src/modules/reports/rollupSql.ts).
import { distanceMeters } from './coords.ts';

/** A step implying more than this is a GPS jump (or an odometer glitch), not distance driven. */
export const MAX_PLAUSIBLE_KMH = 300;

/** What the rule reads of a track: columns in time order (the contracts' decoded Track has them). */
export interface TrackColumns {
  readonly length: number;
  /** epoch ms */
  readonly time: ArrayLike<number>;
  readonly lon: ArrayLike<number>;
  readonly lat: ArrayLike<number>;
  /** km/h */
  readonly speed: ArrayLike<number>;
  /** the terminal's odometer, km; NaN (none reported) or 0 (a placeholder) are not readings */
  readonly mileage: ArrayLike<number>;
}

/**
 * Kilometres, rounded to 0.01:
 * - by the **odometer** when at least two points carry a reading: the sum of its increases, a
 *   decrease (a reset) or an increase implying more than MAX_PLAUSIBLE_KMH (over at least a
 *   minute) left out;
 * - else the **great-circle** sum between consecutive points, leaving out a step shorter than
 *   `still.maxMeters` between two points both below `still.belowKmh` (GPS drift while standing),
 *   a step implying more than MAX_PLAUSIBLE_KMH (a jump) and one with no time between its points
 *   (a repeated report).
 */
export function trackDistanceKm(track: TrackColumns, still: { belowKmh: number; maxMeters: number }): number {
  const { length, time, mileage } = track;
  let readings = 0;
  let odometerKm = 0;
  let last = -1;
  for (let i = 0; i < length; i++) {
    if (!(mileage[i] > 0)) continue;
    if (last >= 0) {
      const d = mileage[i] - mileage[last];
      const seconds = (time[i] - time[last]) / 1000;
      if (d > 0 && d * 3600 <= MAX_PLAUSIBLE_KMH * Math.max(seconds, 60)) odometerKm += d;
    }
    last = i;
    readings++;
  }
  if (readings >= 2) return Math.round(odometerKm * 100) / 100;
  let meters = 0;
  for (let i = 1; i < length; i++) meters += countedStepMeters(track, i, still);
  return Math.round(meters / 10) / 100;
}

/**
 * The metres the great-circle rule counts for the step from point `i - 1` to point `i`: none for
 * drift while standing, a jump or a repeated report (above).
 */
export function countedStepMeters(track: TrackColumns, i: number, still: { belowKmh: number; maxMeters: number }): number {
  const { time, lon, lat, speed } = track;
  const ms = time[i] - time[i - 1];
  const d = distanceMeters([lon[i - 1], lat[i - 1]], [lon[i], lat[i]]);
  if (speed[i - 1] < still.belowKmh && speed[i] < still.belowKmh && d < still.maxMeters) return 0;
  return ms > 0 && (d / 1000) * 3_600_000 <= MAX_PLAUSIBLE_KMH * ms ? d : 0;
}
