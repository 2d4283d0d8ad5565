import { STAY_DEFAULT_MIN_MINUTES, STAY_MIN_MINUTES, type StayRow } from '@chelian/contracts';

/** Playback opens a few minutes either side of the stay: the arrival and the departure. */
const AROUND_MS = 5 * 60_000;

export const stayPlayback = (s: Pick<StayRow, 'startAt' | 'endAt'>) => ({ start: s.startAt - AROUND_MS, end: s.endAt + AROUND_MS });

/** The shortest stay from the address (?minMinutes=10), when it is one of the choices; else the default. */
export function minMinutesFromParams(params: URLSearchParams): number {
  const n = Number(params.get('minMinutes'));
  return (STAY_MIN_MINUTES as readonly number[]).includes(n) ? n : STAY_DEFAULT_MIN_MINUTES;
}

/** 114.057868, 22.543099 — six decimals (about 0.1 m), longitude first as the map shows it. */
export const lonLatText = (s: Pick<StayRow, 'lon' | 'lat'>) => `${s.lon.toFixed(6)}, ${s.lat.toFixed(6)}`;
