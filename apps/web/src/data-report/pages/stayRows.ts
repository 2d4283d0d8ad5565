import { STAY_DEFAULT_MIN_MINUTES, STAY_MIN_MINUTES, type StayRow } from '@chelian/contracts';
import { beijingToday } from '../../shared/format/beijingTime.ts';
import { dayText } from '../filters/reportRange.ts';

/** Playback opens a few minutes either side of the stay: the arrival and the departure. */
const AROUND_MS = 5 * 60_000;

export const stayPlayback = (s: Pick<StayRow, 'startAt' | 'endAt'>) => ({ start: s.startAt - AROUND_MS, end: s.endAt + AROUND_MS });

/** The shortest stay from the address (?minMinutes=10), when it is one of the choices; else the default. */
export function minMinutesFromParams(params: URLSearchParams): number {
  const n = Number(params.get('minMinutes'));
  return (STAY_MIN_MINUTES as readonly number[]).includes(n) ? n : STAY_DEFAULT_MIN_MINUTES;
}

/**
 * Still standing there, as far as we know: no moving fix after it, today. On an earlier day an
 * open stay only means it lasted until the day's last fix (the next day has its own row).
 */
export const isOngoing = (s: Pick<StayRow, 'open' | 'day'>, nowMs = Date.now()) => s.open && s.day === dayText(beijingToday(nowMs));
