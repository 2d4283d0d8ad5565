import { overspeedEpisodes, type CandidateFix, type Episode, type SpeedFence } from '../reports/overspeed.ts';

/**
 * 平台超速报警, one vehicle's fixes judged as they come, by 超速报表's own rule: every step asks
 * `overspeedEpisodes` (reports/overspeed.ts) about the fixes of the run under way, so an alarm is
 * raised exactly for the episodes the report lists (docs/car.md, "终端超速报警 and 平台超速报警").
 */

/** What applies to one vehicle: its fences with a limit, its own limit, the account's shortest episode. */
export interface OverspeedRule {
  fences: readonly SpeedFence[];
  vehicleLimit: number | null;
  minSeconds: number;
}

/** One vehicle's state: its valid fixes counted (the report's `seq`), the newest time, the run under way and whether it was raised. */
export interface OverspeedRun {
  seq: number;
  lastAt: number;
  fixes: CandidateFix[];
  /** The start of the episode already raised (the run's, while it lasts). */
  raisedStart: number | null;
}

export const newRun = (): OverspeedRun => ({ seq: 0, lastAt: -Infinity, fixes: [], raisedStart: null });

/** A valid fix, in time order. */
export interface RunFix {
  at: number;
  lon: number;
  lat: number;
  speed: number;
}

/**
 * The next valid fix of the vehicle: the episode it makes qualify (once per episode), else null.
 * A fix at or before the newest one fed is not the report's next fix (a report sent twice is one fix): ignored.
 */
export function stepOverspeed(run: OverspeedRun, fix: RunFix, rule: OverspeedRule): Episode | null {
  if (fix.at <= run.lastAt) return null;
  run.seq += 1;
  run.lastAt = fix.at;
  const fixes = [...run.fixes, { seq: run.seq, ...fix }];
  // Every episode of the run so far, however short: the last one is under way when this fix is in it.
  const current = overspeedEpisodes(fixes, rule.fences, rule.vehicleLimit, 0).at(-1);
  if (!current || current.endAt !== fix.at) {
    run.fixes = [];
    return null;
  }
  run.fixes = fixes.filter((f) => f.at >= current.startAt);
  if (run.raisedStart === current.startAt) return null;
  const qualified = overspeedEpisodes(run.fixes, rule.fences, rule.vehicleLimit, rule.minSeconds)[0];
  if (!qualified) return null;
  run.raisedStart = qualified.startAt;
  return qualified;
}
