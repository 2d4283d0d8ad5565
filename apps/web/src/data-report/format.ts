import dayjs from 'dayjs';
import { durationText } from '../shared/format/duration.ts';
import { R } from './messages.ts';

export const timeText = (ms: number | null) => (ms === null ? R.common.none : dayjs(ms).format('YYYY-MM-DD HH:mm:ss'));
/** A time within the row's day: the day is in its own column. */
export const clockText = (ms: number | null) => (ms === null ? R.common.none : dayjs(ms).format('HH:mm:ss'));
/** seconds → 3小时25分 / 12分钟 / 0秒 */
export const secondsText = (s: number) => durationText(s * 1000);
export const kmText = (km: number) => km.toFixed(2);
export const percentText = (rate: number) => `${(rate * 100).toFixed(2)}%`;
