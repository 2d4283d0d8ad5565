import { useEffect, useRef } from 'react';
import { alarmPushEndpoints } from '@chelian/contracts';
import { call } from '../request/call.ts';
import { noticeTexts, notifyState, showNotice } from './browserNotify.ts';

/** How often the shell asks for new browser notifications. */
export const BROWSER_NOTICE_POLL_MS = 15_000;

/**
 * Browser notifications of alarms, as the account's push settings decide (type on, browser
 * channel, quiet hours, rate limit — the server applies them), while the operator allows them. The
 * first fetch only learns where the list stands, so opening the page does not replay old alarms.
 * Failures are ignored quietly.
 */
export function useBrowserNotices(enabled: boolean, onOpen: () => void): void {
  const open = useRef(onOpen);
  open.current = onOpen;
  useEffect(() => {
    if (!enabled || notifyState() === 'unsupported') return;
    let stopped = false;
    let afterId: number | undefined;
    const poll = async () => {
      // Not allowed (yet): nothing is fetched; once allowed, the next fetch learns where the list stands.
      if (notifyState() !== 'granted') {
        afterId = undefined;
        return;
      }
      try {
        const res = await call(alarmPushEndpoints.browserNotices, afterId === undefined ? {} : { afterId }, { silent: true });
        if (stopped) return;
        if (afterId !== undefined) for (const text of noticeTexts(res.list)) showNotice(text, () => open.current());
        afterId = res.lastId;
      } catch {
        /* offline or not permitted: try again next time */
      }
    };
    void poll();
    const timer = window.setInterval(poll, BROWSER_NOTICE_POLL_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [enabled]);
}
