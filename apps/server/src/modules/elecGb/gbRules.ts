import { GB_MAX_SPEED_KMH } from '@chelian/contracts';

/**
 * The GB alarms the platform derives for registered e-bikes (docs/elec-gb.md gives each threshold
 * and whether the standard states it or it is our choice). Pure: the engine stores the state and
 * raises what these return.
 */
export const GB_RULES = {
  /** GB 17761-2024: maximum design speed. */
  overspeedKmh: GB_MAX_SPEED_KMH,
  /** An overspeed episode ends this far below the limit (ours), so a bike riding at 25 raises it once. */
  overspeedHysteresisKmh: 3,
  /** Reports without a fix for this long are a positioning failure (ours; GB's 35 s cold start, with margin for a garage). */
  noFixMinutes: 5,
} as const;

export interface GbPositionState {
  overspeeding: boolean;
  /** the terminal's time of the first report without a fix since the last fix; null while fixed */
  noFixSince: number | null;
  fixFailed: boolean;
}

export interface GbPosition {
  valid: boolean;
  lat: number;
  lon: number;
  speed: number;
  /** the terminal's time of the report, epoch ms */
  at: number;
}

export type GbPositionAlarm = 'gbOverspeed' | 'positioningFailure';

const hasFix = (p: GbPosition) => p.valid && Number.isFinite(p.lat) && Number.isFinite(p.lon) && !(p.lat === 0 && p.lon === 0);

export function gbPositionStep(
  state: GbPositionState,
  p: GbPosition,
  rules = GB_RULES,
): { state: GbPositionState; raise: GbPositionAlarm[] } {
  const next = { ...state };
  const raise: GbPositionAlarm[] = [];
  if (hasFix(p)) {
    next.noFixSince = null;
    next.fixFailed = false;
    if (p.speed > rules.overspeedKmh && !next.overspeeding) {
      next.overspeeding = true;
      raise.push('gbOverspeed');
    } else if (next.overspeeding && p.speed <= rules.overspeedKmh - rules.overspeedHysteresisKmh) next.overspeeding = false;
    return { state: next, raise };
  }
  next.overspeeding = false;
  next.noFixSince ??= p.at;
  if (!next.fixFailed && p.at - next.noFixSince >= rules.noFixMinutes * 60_000) {
    next.fixFailed = true;
    raise.push('positioningFailure');
  }
  return { state: next, raise };
}

/**
 * Whether the overspeed episode after this report is the same whatever came before: a report
 * without a fix, above the limit, or at or below the episode's end. Only a speed in the
 * hysteresis band (22–25 km/h) carries the episode on.
 */
export const overspeedSettled = (p: GbPosition, rules = GB_RULES) =>
  !hasFix(p) || p.speed > rules.overspeedKmh || p.speed <= rules.overspeedKmh - rules.overspeedHysteresisKmh;

export const samePositionState = (a: GbPositionState, b: GbPositionState) =>
  a.overspeeding === b.overspeeding && a.noFixSince === b.noFixSince && a.fixFailed === b.fixFailed;
