import { create } from 'zustand';
import type { Alarm } from '@chelian/contracts';
import type { AlarmNews } from './alarmTipRules.ts';

/**
 * What the alarm tip knows beyond the count, from the live feed (session only, never stored):
 * the news behind the last recount (`seq` tells the tip whether it has used it) and the newest
 * popping alarm it names, until that one is handled.
 */
interface AlarmNewsState {
  seq: number;
  news: AlarmNews | null;
  latest: Alarm | null;
  publish(news: AlarmNews | null): void;
  handled(alarmIds: readonly number[]): void;
}

export const useAlarmNews = create<AlarmNewsState>()((set) => ({
  seq: 0,
  news: null,
  latest: null,
  publish: (news) => set((s) => ({ seq: s.seq + 1, news, latest: news?.latest ?? s.latest })),
  handled: (alarmIds) => set((s) => (s.latest && alarmIds.includes(s.latest.alarmId) ? { latest: null } : s)),
}));

/** Two batches' news before one recount: the newest alarm, and either one's sound and pop-up. */
export function mergeNews(a: AlarmNews | null, b: AlarmNews | null): AlarmNews | null {
  if (!a || !b) return a ?? b;
  const latest = !a.latest || (b.latest && b.latest.alarmTime >= a.latest.alarmTime) ? (b.latest ?? a.latest) : a.latest;
  return { latest, sound: a.sound || b.sound, popup: a.popup || b.popup };
}
