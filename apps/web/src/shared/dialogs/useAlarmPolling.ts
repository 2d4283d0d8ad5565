import { useEffect } from 'react';
import { alarmEndpoints } from '@chelian/contracts';
import { call } from '../request/call.ts';
import { useClientStore } from '../stores/clientStore.ts';
import { LiveFeed, liveUrl } from '../live/liveFeed.ts';
import { ALARM_POLL_MS, ALARM_RECOUNT_DELAY_MS } from './alarmTipRules.ts';

/** The live feed's alarms alone (`only=alarm`: no snapshot, no positions). */
export const alarmFeedUrl = () => {
  const url = new URL(liveUrl());
  url.searchParams.set('only', 'alarm');
  return url.toString();
};

/**
 * Keeps alarmRealTime current while logged in: the count is asked again as soon as the live feed
 * brings an alarm (raised, or handled elsewhere), a burst of them asked once; the 30 s poll stays
 * as the fallback while the feed is down. A failing count call is ignored quietly.
 */
export function useAlarmPolling(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    let soon: number | undefined;
    const poll = async () => {
      try {
        const result = await call(alarmEndpoints.realtimeCount, {}, { silent: true });
        const total = Math.max(0, Number(result?.total) || 0);
        if (!stopped) useClientStore.getState().update({ alarmRealTime: { total, checkedAt: Date.now() } });
      } catch {
        /* not available yet, or offline: keep the last known count */
      }
    };
    const recount = () => {
      if (soon === undefined) soon = window.setTimeout(() => ((soon = undefined), void poll()), ALARM_RECOUNT_DELAY_MS);
    };
    void poll();
    const timer = window.setInterval(poll, ALARM_POLL_MS);
    const feed = new LiveFeed(alarmFeedUrl);
    const offEvents = feed.on((events) => {
      if (events.some((e) => e.kind === 'alarm')) recount();
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
  }, [enabled]);
}
