import type { AlarmControl, AlarmPush } from '@chelian/contracts';
import { get, postJson } from '../request/helpers.ts';

/** System centre calls not yet on the endpoint table (alarm settings). */
export const centerApi = {
  alarmControls: () => get<AlarmControl[]>('/car/v4/api/alarm/control/listAlarmControlInfo.json'),
  saveAlarmControls: (items: AlarmControl[]) =>
    postJson<AlarmControl[]>('/car/v4/api/alarm/control/configAlarmControl.json', { items: items.map(({ alarmType, enabled, sound, popup }) => ({ alarmType, enabled, sound, popup })) }),
  alarmPushes: () => get<AlarmPush[]>('/car/v4/api/alarm/push/listAlarmPushInfo.json'),
  saveAlarmPushes: (items: AlarmPush[]) =>
    postJson<AlarmPush[]>('/car/v4/api/alarm/push/configAlarmPush.json', {
      items: items.map(({ alarmType, enabled, channels, quietStart, quietEnd }) => ({ alarmType, enabled, channels, quietStart, quietEnd })),
    }),
};
