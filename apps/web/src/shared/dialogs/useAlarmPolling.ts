import { useEffect } from 'react';
import { alarmEndpoints, type Alarm } from '@chelian/contracts';
import { call } from '../request/call.ts';
import { useClientStore } from '../stores/clientStore.ts';
import { LiveFeed, liveUrl, productLiveUrl } from '../live/liveFeed.ts';
import { alarmControls } from '../alarms/alarmControls.ts';
import { ALARM_POLL_MS, ALARM_RECOUNT_DELAY_MS, alarmNewsOf, type AlarmNews, type TipMemory } from './alarmTipRules.ts';
import { mergeNews, useAlarmNews } from './alarmNews.ts';

/**
 * The live feed's alarms alone (`only=alarm`: no snapshot, no positions): of 智能车联's kinds for
 * the car app running alone (the alarms its 报警中心 counts), of every kind for the host shell,
 * whose bell spans the sub-products (a pet's zone exit, a person's SOS).
 */
export const alarmFeedUrl = (product: 'car' | null) => {
  const url = new URL(product ? productLiveUrl(product) : liveUrl());
  url.searchParams.set('only', 'alarm');
  return url.toString();
};

/** Alarm ids already announced, so a resent one is not news twice; the oldest forgotten past this. */
const SEEN_MAX = 5000;

/**
 * Keeps alarmRealTime current while logged in: the count is asked again as soon as the live feed
 * brings an alarm (raised, or handled elsewhere), a burst of them asked once; the 30 s poll stays
 * as the fallback while the feed is down. A failing count call is ignored quietly. The raised
 * alarms' news (the newest to name, and whether their types sound or pop up by 报警设置) is
 * published with the count it explains, for the alarm tip.
 */
export function useAlarmPolling(enabled: boolean, product: 'car' | null): void {
  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    let soon: number | undefined;
    let pending: AlarmNews | null = null;
    // When each asset and type last popped the tip (alarmTipRules.ts tipThrottle)
    let popped: TipMemory = new Map();
    const seen = new Set<number>();
    const poll = async () => {
      try {
        const result = await call(alarmEndpoints.realtimeCount, product ? {} : { allKinds: true }, { silent: true });
        const total = Math.max(0, Number(result?.total) || 0);
        if (stopped) return;
        // the news first: the tip reads it when the count changes
        if (pending) useAlarmNews.getState().publish(pending);
        pending = null;
        useClientStore.getState().update({ alarmRealTime: { total, checkedAt: Date.now() } });
      } catch {
        /* not available yet, or offline: keep the last known count */
      }
    };
    const recount = () => {
      if (soon === undefined) soon = window.setTimeout(() => ((soon = undefined), void poll()), ALARM_RECOUNT_DELAY_MS);
    };
    const raised = async (fresh: Alarm[]) => {
      const controls = await alarmControls();
      const { news, memory } = alarmNewsOf(fresh, controls, popped, Date.now());
      popped = memory;
      if (!stopped) pending = mergeNews(pending, news);
    };
    void poll();
    const timer = window.setInterval(poll, ALARM_POLL_MS);
    const feed = new LiveFeed(() => alarmFeedUrl(product));
    const offEvents = feed.on((events) => {
      const alarms = events.flatMap((e) => (e.kind === 'alarm' ? [e.data] : []));
      if (alarms.length === 0) return;
      const done = alarms.filter((a) => a.handled).map((a) => a.alarmId);
      if (done.length > 0) useAlarmNews.getState().handled(done);
      const fresh = alarms.filter((a) => !a.handled && !seen.has(a.alarmId));
      for (const a of fresh) seen.add(a.alarmId);
      while (seen.size > SEEN_MAX) seen.delete(seen.values().next().value as number);
      // the settings are read (once, then kept) before the count is asked, so the news is there when it changes
      if (fresh.length > 0) void raised(fresh).finally(recount);
      else recount();
    });
    // Alarms raised while the feed was down are counted when it is back.
    const offStatus = feed.onStatus((s) => {
      if (s === 'open') recount();
    });
    feed.start();
    return () => {
      stopped = true;
      window.clearInterval(timer);
      window.clearTimeout(soon);
      offEvents();
      offStatus();
      feed.stop();
    };
  }, [enabled, product]);
}
