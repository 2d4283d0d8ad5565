import { beijingDate, beijingFormat } from '../shared/format/beijingTime.ts';

/** Today in Beijing as YYYY-MM-DD. */
export const beijingToday = () => beijingDate(Date.now());
export const beijingTime = (ms: number | null) => (ms === null ? '—' : beijingFormat(ms));
export const beijingClock = (ms: number | null) => (ms === null ? '—' : beijingFormat(ms, 'HH:mm'));
