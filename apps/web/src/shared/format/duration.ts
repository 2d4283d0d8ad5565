import { T } from '../i18n/messages.ts';

/** 3小时25分 / 12分钟 / 40秒 */
export function durationText(ms: number): string {
  const D = T.fleet.duration;
  const s = Math.round(ms / 1000);
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d > 0) return D.days(d, h);
  if (h > 0) return D.hours(h, m);
  if (m > 0) return D.minutes(m);
  return D.seconds(s);
}
