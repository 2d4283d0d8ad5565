/** Poll period of the real-time alarm count: the fallback while the live feed is down. */
export const ALARM_POLL_MS = 30_000;

/** After an alarm on the live feed, the count is asked this much later (a burst of alarms asks once). */
export const ALARM_RECOUNT_DELAY_MS = 300;

/**
 * When the alarm tip shows and sounds: it shows while unhandled alarms exist and the operator has
 * not dismissed it since the count last rose; it sounds (if alarmVoiceOn) when the count rises.
 */
export function alarmTipDecision(input: {
  previousTotal: number;
  total: number;
  voiceOn: boolean;
  dismissedAtTotal: number | null;
}): { show: boolean; beep: boolean } {
  const rose = input.total > input.previousTotal;
  const dismissed = input.dismissedAtTotal !== null && input.total <= input.dismissedAtTotal;
  return { show: input.total > 0 && !dismissed, beep: rose && input.voiceOn && input.total > 0 };
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
