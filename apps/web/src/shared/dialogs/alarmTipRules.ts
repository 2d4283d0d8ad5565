import type { Alarm, AlarmControl } from '@chelian/contracts';

/** Poll period of the real-time alarm count: the fallback while the live feed is down. */
export const ALARM_POLL_MS = 30_000;

/** After an alarm on the live feed, the count is asked this much later (a burst of alarms asks once). */
export const ALARM_RECOUNT_DELAY_MS = 300;

/**
 * What the live feed said about the alarms behind a rise of the count: the newest one the tip names
 * (its type pops up), and whether any of their types sounds or pops up (the account's 报警设置).
 */
export interface AlarmNews {
  latest: Alarm | null;
  sound: boolean;
  popup: boolean;
}

/** A type without a row in 报警设置 is on, sounds and pops up (the settings' defaults). */
const DEFAULT_CONTROL = { enabled: true, sound: true, popup: true } as const;

/**
 * The news a batch of newly raised alarms makes, by their types' settings; null when none of
 * them is enabled (a disabled type is not counted by the server either).
 */
export function alarmNewsOf(fresh: readonly Alarm[], controls: readonly AlarmControl[]): AlarmNews | null {
  const byType = new Map(controls.map((c) => [c.alarmType, c]));
  const setting = (a: Alarm) => byType.get(a.type) ?? DEFAULT_CONTROL;
  const wanted = fresh.filter((a) => setting(a).enabled);
  if (wanted.length === 0) return null;
  const popping = wanted.filter((a) => setting(a).popup);
  return {
    latest: popping.reduce<Alarm | null>((newest, a) => (!newest || a.alarmTime >= newest.alarmTime ? a : newest), null),
    sound: wanted.some((a) => setting(a).sound),
    popup: popping.length > 0,
  };
}

/**
 * What a rise of the unhandled count does to the tip. With news from the live feed, the alarms'
 * types decide (声音提醒 / 弹窗提醒 in 报警设置); a rise the feed did not explain (at login, or
 * counted by the fallback poll while the feed was down) opens the tip and sounds. Sound always
 * needs alarmVoiceOn, the header bell's switch.
 */
export function alarmTipRise(input: { previousTotal: number; total: number; voiceOn: boolean; news: AlarmNews | null }): {
  open: boolean;
  beep: boolean;
} {
  if (input.total <= input.previousTotal || input.total <= 0) return { open: false, beep: false };
  const news = input.news;
  return { open: news ? news.popup : true, beep: input.voiceOn && (news ? news.sound : true) };
}

/**
 * How long the tip stays open on its own after it opened (at login, or when the count rose): then it
 * folds into the header bell, which keeps the count, the sound switch and 立即查看. While open it
 * sits at the foot of the menu column (AlarmTip.tsx), clear of the page's tables and dialogs.
 */
export const ALARM_TIP_OPEN_MS = 20_000;

/**
 * Milliseconds left before the open tip folds into the bell: none while the pointer rests on it
 * (the operator is reading it), the full time again once the pointer left it.
 */
export function alarmTipFoldsIn(input: { openedAt: number; now: number; hovered: boolean }): number | null {
  if (input.hovered) return null;
  return Math.max(0, input.openedAt + ALARM_TIP_OPEN_MS - input.now);
}
