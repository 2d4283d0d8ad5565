import type { AlarmControl, AlarmPush, PushChannel } from '@chelian/contracts';
import { PUSH_CHANNELS } from '@chelian/contracts';
import { ALARM_NAMES_ZH, ALARM_TYPES, type AlarmType } from '@chelian/protocols/alarms.ts';
import type { Queryable } from '../../db/types.ts';
import { fail } from '../../http/errors.ts';
import { alarmSettingsQueries } from './alarmSettings.queries.ts';

/** Alarms an operator must not miss: on by default with sound and pop-up. Others are listed, quiet. */
const URGENT = new Set<AlarmType>(['sos', 'powerCut', 'collision', 'rollover', 'theft', 'tamper', 'illegalIgnition', 'displacement', 'overspeed', 'geofenceEnter', 'geofenceExit', 'fallDown']);

export function defaultControl(type: AlarmType): AlarmControl {
  const urgent = URGENT.has(type);
  return { alarmType: type, alarmName: ALARM_NAMES_ZH[type], enabled: true, sound: urgent, popup: urgent };
}

export function defaultPush(type: AlarmType): AlarmPush {
  return { alarmType: type, alarmName: ALARM_NAMES_ZH[type], enabled: URGENT.has(type), channels: ['web'], quietStart: '', quietEnd: '' };
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

function assertType(type: string): asserts type is AlarmType {
  if (!(ALARM_TYPES as string[]).includes(type)) throw fail(`未知的报警类型：${type}`);
}

/** Per-account alarm settings: every type listed, stored rows override the defaults. */
export const alarmSettings = {
  async controls(q: Queryable, accountId: number): Promise<AlarmControl[]> {
    const stored = new Map((await alarmSettingsQueries.controls(q, accountId)).map((r) => [r.alarm_type, r]));
    return ALARM_TYPES.map((type) => {
      const row = stored.get(type);
      return row ? { alarmType: type, alarmName: ALARM_NAMES_ZH[type], enabled: row.enabled, sound: row.sound, popup: row.popup } : defaultControl(type);
    });
  },

  async saveControls(q: Queryable, accountId: number, items: Array<Omit<AlarmControl, 'alarmName'>>) {
    for (const item of items) assertType(item.alarmType);
    for (const item of items) await alarmSettingsQueries.upsertControl(q, accountId, item);
    return this.controls(q, accountId);
  },

  async pushes(q: Queryable, accountId: number): Promise<AlarmPush[]> {
    const stored = new Map((await alarmSettingsQueries.pushes(q, accountId)).map((r) => [r.alarm_type, r]));
    return ALARM_TYPES.map((type) => {
      const row = stored.get(type);
      if (!row) return defaultPush(type);
      const channels = row.channels.split(',').filter((c): c is PushChannel => (PUSH_CHANNELS as string[]).includes(c));
      return { alarmType: type, alarmName: ALARM_NAMES_ZH[type], enabled: row.enabled, channels, quietStart: row.quiet_start, quietEnd: row.quiet_end };
    });
  },

  async savePushes(q: Queryable, accountId: number, items: Array<Omit<AlarmPush, 'alarmName'>>) {
    for (const item of items) {
      assertType(item.alarmType);
      const quiet = [item.quietStart, item.quietEnd];
      if (quiet.some((t) => t !== '' && !TIME.test(t)) || (quiet[0] === '') !== (quiet[1] === '')) throw fail('免打扰时段格式应为 HH:mm，开始与结束须同时填写');
    }
    for (const item of items) await alarmSettingsQueries.upsertPush(q, accountId, item);
    return this.pushes(q, accountId);
  },
};
