import { fleetTexts } from '../i18n/fleetTexts.ts';

/** 3小时25分 / 12分钟 / 40秒 (its words alone, not the whole catalogue: the phone app uses it too) */
export function durationText(ms: number): string {
  const D = fleetTexts.duration;
  const s = Math.round(ms / 1000);
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d > 0) return D.days(d, h);
  if (h > 0) return D.hours(h, m);
  if (m > 0) return D.minutes(m);
  return D.seconds(s);
}
