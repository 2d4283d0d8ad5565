import type { BrowserNotice } from '@chelian/contracts';
import { T } from '../i18n/messages.ts';
import { beijingFormat } from '../format/beijingTime.ts';

const P = T.center.alarmPush;

/** Whether this browser shows notifications: 'granted', 'denied', 'default' (not asked yet) or 'unsupported'. */
export type NotifyState = NotificationPermission | 'unsupported';

export function notifyState(): NotifyState {
  return typeof window !== 'undefined' && 'Notification' in window ? Notification.permission : 'unsupported';
}

/** Asks the operator (call from a click: browsers ignore it otherwise). */
export async function requestNotify(): Promise<NotifyState> {
  if (notifyState() === 'unsupported') return 'unsupported';
  return Notification.requestPermission();
}

/** At most this many notifications at once; more become one summary. */
export const MAX_NOTICES_AT_ONCE = 3;

export interface NoticeText {
  title: string;
  body: string;
  /** one notification per alarm: a second browser tab replaces it instead of adding one */
  tag: string;
}

/** What to show for a fetch's notices (newest first from the server): the oldest few, then a summary. */
export function noticeTexts(list: BrowserNotice[], max = MAX_NOTICES_AT_ONCE): NoticeText[] {
  const oldestFirst = [...list].reverse();
  const shown = oldestFirst.length > max ? oldestFirst.slice(0, max - 1) : oldestFirst;
  const texts = shown.map((n) => ({
    title: P.notice.title(n.plate || n.name || n.terminalId, n.typeName),
    body: P.notice.body(beijingFormat(n.alarmTime), n.speed),
    tag: `chelian-alarm-${n.alarmId}`,
  }));
  if (shown.length < oldestFirst.length)
    texts.push({ title: P.notice.more(oldestFirst.length - shown.length), body: P.notice.moreBody, tag: 'chelian-alarm-more' });
  return texts;
}

/** Shows one notification; a click brings the window forward and runs `onClick`. */
export function showNotice(text: NoticeText, onClick?: () => void): void {
  if (notifyState() !== 'granted') return;
  const n = new Notification(text.title, { body: text.body, tag: text.tag });
  n.onclick = () => {
    window.focus();
    onClick?.();
    n.close();
  };
}
