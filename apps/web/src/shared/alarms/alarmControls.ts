import { alarmPushEndpoints, type AlarmControl } from '@chelian/contracts';
import { call } from '../request/call.ts';

let cached: Promise<AlarmControl[]> | null = null;

/**
 * The account's 报警设置 (per type: enabled, sound, pop-up), read once and kept until they are
 * saved again (`forgetAlarmControls`). A failed read answers none (every type's defaults) and is
 * tried again next time.
 */
export function alarmControls(): Promise<AlarmControl[]> {
  cached ??= call(alarmPushEndpoints.listControls, undefined, { silent: true }).catch(() => ((cached = null), []));
  return cached;
}

/** After 报警设置 is saved: the next alarm reads the new settings. */
export function forgetAlarmControls(): void {
  cached = null;
}
