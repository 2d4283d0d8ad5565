import { alarmPushEndpoints, type AlarmControl } from '@chelian/contracts';
import { call } from '../request/call.ts';
import { mayCallNow } from '../permission/mayCall.ts';

let cached: Promise<AlarmControl[]> | null = null;

/**
 * The account's 报警设置 (per type: enabled, sound, pop-up), read once and kept until they are
 * saved again (`forgetAlarmControls`). A failed read answers none (every type's defaults) and is
 * tried again next time; a role that may not read them gets none without asking.
 */
export function alarmControls(): Promise<AlarmControl[]> {
  // A role without 报警设置 may not read them: every type keeps its defaults (no refused call on each alarm).
  if (!mayCallNow(alarmPushEndpoints.listControls)) return Promise.resolve([]);
  cached ??= call(alarmPushEndpoints.listControls, undefined, { silent: true }).catch(() => ((cached = null), []));
  return cached;
}

/** After 报警设置 is saved: the next alarm reads the new settings. */
export function forgetAlarmControls(): void {
  cached = null;
}
