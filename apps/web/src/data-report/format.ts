import { beijingClock, beijingDateTime } from '../shared/format/beijingTime.ts';
import { durationText } from '../shared/format/duration.ts';
import { R } from './messages.ts';

/** Report times are Beijing's, like the days they belong to (not the browser's zone). */
export const timeText = (ms: number | null) => (ms === null ? R.common.none : beijingDateTime(ms));
/** A time within the row's day: the day is in its own column. */
export const clockText = (ms: number | null) => (ms === null ? R.common.none : beijingClock(ms));
/** seconds → 3小时25分 / 12分钟 / 0秒 */
export const secondsText = (s: number) => durationText(s * 1000);
export { kmText } from '../shared/format/distance.ts';
/** 0.9951 → 99.51%; a rate of no time at all (a day or month before the vehicle came onto the platform) → — */
export const percentText = (rate: number | null) => (rate === null ? R.common.none : `${(rate * 100).toFixed(2)}%`);
