import { useEffect } from 'react';
import { alarmEndpoints } from '@chelian/contracts';
import { call } from '../request/call.ts';
import { useClientStore } from '../stores/clientStore.ts';
import { ALARM_POLL_MS } from './alarmTipRules.ts';

/** Keeps alarmRealTime current while logged in; a failing count call is ignored quietly. */
export function useAlarmPolling(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    const poll = async () => {
      try {
        const result = await call(alarmEndpoints.realtimeCount, {}, { silent: true });
        const total = Math.max(0, Number(result?.total) || 0);
        if (!stopped) useClientStore.getState().update({ alarmRealTime: { total, checkedAt: Date.now() } });
      } catch {
        /* not available yet, or offline: keep the last known count */
      }
    };
    void poll();
    const timer = window.setInterval(poll, ALARM_POLL_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [enabled]);
}
