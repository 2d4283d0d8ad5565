import { distanceMeters } from '@chelian/geo';

/** What the guard remembers of one bike between positions (elec_car_bikes' guard columns). */
export interface GuardState {
  armed: boolean | null;
  armedLat: number | null;
  armedLon: number | null;
  accAlarmed: boolean;
  displaced: boolean;
}

export interface GuardSettings {
  displacementRadius: number;
}

/** A position as the bus carries it, with the armed state the terminal reported (GT06 0xF1), if any. */
export interface GuardPosition {
  valid: boolean;
  lat: number;
  lon: number;
  speed: number;
  acc: boolean | null;
  reportedArmed: boolean | null;
}

export type DerivedAlarm = 'accOnWhileArmed' | 'displacement';

/**
 * The alarms the guard derives itself, once per arming: ACC on, and displacement from where the
 * bike stood when armed. The terminal's own armed report wins over the state the platform last
 * commanded. Pure: the engine stores the state and raises the alarms. Overspeed is not the guard's:
 * a bike's 超速阈值 is its vehicle's limit, judged by 平台超速报警 (modules/overspeedAlarms) as
 * 超速报表 counts it.
 */
export function guardStep(state: GuardState, settings: GuardSettings, p: GuardPosition): { state: GuardState; raise: DerivedAlarm[] } {
  const next = { ...state };
  const raise: DerivedAlarm[] = [];
  const fix = p.valid && Number.isFinite(p.lat) && Number.isFinite(p.lon) && !(p.lat === 0 && p.lon === 0);
  if (p.reportedArmed !== null && p.reportedArmed !== state.armed) {
    next.armed = p.reportedArmed;
    next.accAlarmed = false;
    next.displaced = false;
    next.armedLat = p.reportedArmed && fix ? p.lat : null;
    next.armedLon = p.reportedArmed && fix ? p.lon : null;
  }
  if (next.armed) {
    if (next.armedLat === null && fix) {
      next.armedLat = p.lat;
      next.armedLon = p.lon;
    }
    if (p.acc === true && !next.accAlarmed) {
      next.accAlarmed = true;
      raise.push('accOnWhileArmed');
    }
    if (
      fix &&
      !next.displaced &&
      next.armedLat !== null &&
      next.armedLon !== null &&
      distanceMeters([next.armedLon, next.armedLat], [p.lon, p.lat]) > settings.displacementRadius
    ) {
      next.displaced = true;
      raise.push('displacement');
    }
  }
  return { state: next, raise };
}

export const sameGuard = (a: GuardState, b: GuardState) =>
  a.armed === b.armed &&
  a.armedLat === b.armedLat &&
  a.armedLon === b.armedLon &&
  a.accAlarmed === b.accAlarmed &&
  a.displaced === b.displaced;
