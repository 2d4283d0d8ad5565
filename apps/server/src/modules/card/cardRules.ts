import type { CardRules } from '@chelian/contracts';
import { distanceMeters } from '@chelian/geo';

/**
 * The derived badge alarms as one pure step per position (docs/card.md): off post (outside every
 * area of the person for `offPostMinutes` during the shift), standing still (within
 * STILL_RADIUS_M for `standstillMinutes` during the shift) and gathering (at least
 * `gatheringCount` people, this one included, within `gatheringRadius` m for `gatheringMinutes`).
 * Each stretch raises its alarm once; leaving the condition starts a new stretch.
 */

export const STILL_RADIUS_M = 30;

export interface DerivedState {
  offPostSince: number | null;
  offPostAlarmed: boolean;
  stillSince: number | null;
  stillLat: number | null;
  stillLon: number | null;
  stillAlarmed: boolean;
  gatheringSince: number | null;
  gatheringAlarmed: boolean;
}

export const FRESH_STATE: DerivedState = {
  offPostSince: null,
  offPostAlarmed: false,
  stillSince: null,
  stillLat: null,
  stillLon: null,
  stillAlarmed: false,
  gatheringSince: null,
  gatheringAlarmed: false,
};

export interface StepInput {
  time: number;
  lat: number;
  lon: number;
  inShift: boolean;
  /** false only when the person has areas and is outside all of them */
  inArea: boolean;
  /** how many others of the account are within the gathering radius now */
  near: number;
}

export type DerivedAlarm = 'offPost' | 'standstill' | 'gathering';

export function derivedStep(s: DerivedState, rules: CardRules, p: StepInput): { state: DerivedState; raise: DerivedAlarm[] } {
  const next = { ...s };
  const raise: DerivedAlarm[] = [];
  const minutes = (since: number | null) => (since === null ? 0 : (p.time - since) / 60_000);

  if (p.inShift && !p.inArea) {
    next.offPostSince ??= p.time;
    if (!next.offPostAlarmed && minutes(next.offPostSince) >= rules.offPostMinutes) {
      next.offPostAlarmed = true;
      raise.push('offPost');
    }
  } else {
    next.offPostSince = null;
    next.offPostAlarmed = false;
  }

  const moved =
    next.stillLat === null || next.stillLon === null || distanceMeters([p.lon, p.lat], [next.stillLon, next.stillLat]) > STILL_RADIUS_M;
  if (!p.inShift || moved) {
    Object.assign(next, {
      stillSince: p.inShift ? p.time : null,
      stillLat: p.inShift ? p.lat : null,
      stillLon: p.inShift ? p.lon : null,
      stillAlarmed: false,
    });
  } else if (!next.stillAlarmed && minutes(next.stillSince) >= rules.standstillMinutes) {
    next.stillAlarmed = true;
    raise.push('standstill');
  }

  if (p.near + 1 >= rules.gatheringCount) {
    next.gatheringSince ??= p.time;
    if (!next.gatheringAlarmed && minutes(next.gatheringSince) >= rules.gatheringMinutes) {
      next.gatheringAlarmed = true;
      raise.push('gathering');
    }
  } else {
    next.gatheringSince = null;
    next.gatheringAlarmed = false;
  }
  return { state: next, raise };
}

export const sameState = (a: DerivedState, b: DerivedState) => (Object.keys(a) as Array<keyof DerivedState>).every((k) => a[k] === b[k]);
