/** Poll period of the real-time alarm count. */
export const ALARM_POLL_MS = 30_000;

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
