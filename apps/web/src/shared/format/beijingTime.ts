import dayjs, { type Dayjs } from 'dayjs';
import { BEIJING_OFFSET_MS, beijingDayStart, beijingWallInstant, beijingWallText, DAY_MS } from '@chelian/contracts';

/*
 * The one place the web turns an instant into text, or a picked date/time into an instant.
 * Every time shown is Beijing's (Asia/Shanghai, UTC+8 all year, the platform's zone and the
 * server's days), whatever the browser's zone: an operator abroad, or a checker in UTC, sees the
 * same alarm at the same wall time on every page. See docs/web.md "Times on screen".
 *
 * Pickers (antd, dayjs) work in the browser's zone, so a picker value here is a "Beijing wall
 * clock" Dayjs: its local fields show Beijing's date and time. beijingPickerValue makes one from
 * an instant, pickedInstant reads one back; a picked day is Beijing midnight to midnight.
 */

/** 'YYYY-MM-DDTHH:mm:ss' of an instant in Beijing. */
const beijingIso = (ms: number) => beijingWallText(ms).slice(0, 19);

/** The shapes times take on screen; the full one is the platform's display format. */
export type BeijingPattern = 'YYYY-MM-DD HH:mm:ss' | 'YYYY-MM-DD' | 'YYYY-MM' | 'YYYY' | 'HH:mm:ss' | 'HH:mm' | 'HH';

/** Where each token sits in beijingIso's text. */
const TOKENS: Record<string, [number, number]> = { YYYY: [0, 4], MM: [5, 7], DD: [8, 10], HH: [11, 13], mm: [14, 16], ss: [17, 19] };

/** An instant as Beijing's wall time in one of the display patterns (default 2026-05-02 08:00:00). */
export function beijingFormat(ms: number, pattern: BeijingPattern = 'YYYY-MM-DD HH:mm:ss'): string {
  const iso = beijingIso(ms);
  return pattern.replace(/YYYY|MM|DD|HH|mm|ss/g, (token) => iso.slice(...TOKENS[token]));
}

/** An instant as Beijing's date and time: 2026-05-02 08:00:00. */
export const beijingDateTime = (ms: number) => beijingFormat(ms);

/** An instant as Beijing's clock time: 08:00:00. */
export const beijingClock = (ms: number) => beijingFormat(ms, 'HH:mm:ss');

/** Beijing's date of an instant: 2026-05-02. */
export const beijingDate = (ms: number) => beijingFormat(ms, 'YYYY-MM-DD');

/** Today in Beijing, as a local date (for the pickers). */
export function beijingToday(nowMs = Date.now()): Dayjs {
  return dayjs(beijingIso(nowMs).slice(0, 10));
}

/** A picker value showing an instant's Beijing date and time (now by default). */
export const beijingPickerValue = (ms = Date.now()): Dayjs => dayjs(beijingIso(ms)).millisecond(ms % 1000);

/** The instant a picked date/time stands for, read as Beijing's wall time. */
export const pickedInstant = (d: Dayjs): number => beijingWallInstant(d.format('YYYY-MM-DDTHH:mm:ss.SSS'));

/** The instants a Beijing day ('YYYY-MM-DD') starts and ends (its last millisecond). */
export const beijingDaySpan = (day: string) => {
  const start = beijingDayStart(day);
  return { start, end: start + DAY_MS - 1 };
};

const LONG_DATE = new Intl.DateTimeFormat('zh-CN', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  weekday: 'long',
  timeZone: 'Asia/Shanghai',
});

/** Beijing's date with its weekday, for screen headings: 2026年5月2日星期六. */
export const beijingLongDate = (ms: number) => LONG_DATE.format(ms);

/**
 * ECharts labels a time axis in the browser's zone; a chart with `useUTC: true` and its instants
 * passed through beijingAxisTime labels (and tooltips) them with Beijing's wall time instead.
 */
export const beijingAxisTime = (ms: number) => ms + BEIJING_OFFSET_MS;
