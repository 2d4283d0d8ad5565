import dayjs, { type Dayjs } from 'dayjs';

/*
 * Report days and times are Beijing's (UTC+8 all year, as the server's days), whatever the
 * browser's zone: a row of 2026-05-02 shows its times as they were in Beijing that day.
 */
const BEIJING_OFFSET_MS = 8 * 3600_000;

/** 'YYYY-MM-DDTHH:mm:ss' of an instant in Beijing. */
const beijingIso = (ms: number) => new Date(ms + BEIJING_OFFSET_MS).toISOString().slice(0, 19);

/** Today in Beijing, as a local date (for the pickers). */
export function beijingToday(nowMs = Date.now()): Dayjs {
  return dayjs(beijingIso(nowMs).slice(0, 10));
}

/** An instant as Beijing's date and time: 2026-05-02 08:00:00. */
export const beijingDateTime = (ms: number) => beijingIso(ms).replace('T', ' ');

/** An instant as Beijing's clock time: 08:00:00. */
export const beijingClock = (ms: number) => beijingIso(ms).slice(11);

/** The instants a Beijing day ('YYYY-MM-DD') starts and ends (its last millisecond). */
export const beijingDaySpan = (day: string) => {
  const start = Date.parse(`${day}T00:00:00+08:00`);
  return { start, end: start + 86_400_000 - 1 };
};
