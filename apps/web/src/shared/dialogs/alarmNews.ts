import { create } from 'zustand';
import type { Alarm } from '@chelian/contracts';
import { assetOf, type AlarmNews } from './alarmTipRules.ts';

/**
 * What the alarm tip knows beyond the count, from the live feed (session only, never stored):
 * the news behind the last recount (`seq` tells the tip whether it has used it) and the newest
 * popping alarm it names, until that one is handled.
 */
interface AlarmNewsState {
  seq: number;
  news: AlarmNews | null;
  latest: Alarm | null;
  /** The names of the types the latest alarm's asset raised with it (the tip groups by asset). */
  latestTypes: string[];
  publish(news: AlarmNews | null): void;
  handled(alarmIds: readonly number[]): void;
}

export const useAlarmNews = create<AlarmNewsState>()((set) => ({
  seq: 0,
  news: null,
  latest: null,
  latestTypes: [],
  publish: (news) =>
    set((s) => (news?.latest ? { seq: s.seq + 1, news, latest: news.latest, latestTypes: news.latestTypes } : { seq: s.seq + 1, news })),
  handled: (alarmIds) => set((s) => (s.latest && alarmIds.includes(s.latest.alarmId) ? { latest: null, latestTypes: [] } : s)),
}));

/** Two batches' news before one recount: the newest alarm (with its asset's types of both), and either one's sound, pop-up and urgency. */
export function mergeNews(a: AlarmNews | null, b: AlarmNews | null): AlarmNews | null {
  if (!a || !b) return a ?? b;
  const [newer, older] = !a.latest || (b.latest && b.latest.alarmTime >= a.latest.alarmTime) ? [b, a] : [a, b];
  const latest = newer.latest ?? older.latest;
  const sameAsset = newer.latest && older.latest && assetOf(newer.latest) === assetOf(older.latest);
  const latestTypes = newer.latest ? [...new Set([...newer.latestTypes, ...(sameAsset ? older.latestTypes : [])])] : older.latestTypes;
  return { latest, latestTypes, sound: a.sound || b.sound, popup: a.popup || b.popup, urgent: a.urgent || b.urgent };
}
