import dayjs, { type Dayjs } from 'dayjs';

/** Report days are Beijing days (the server's): today is Beijing's today, whatever the browser's zone. */
export function beijingToday(nowMs = Date.now()): Dayjs {
  return dayjs(new Date(nowMs + 8 * 3600_000).toISOString().slice(0, 10));
}
