import type { AlarmControl } from '@chelian/contracts';
import { get } from '../../shared/request/helpers.ts';

const quiet = { silent: true } as const;

/** Every call the car app makes, in one place (pages never call the request layer directly). */
export const carApi = {
  alarmControls: () => get<AlarmControl[]>('/car/v4/api/alarm/control/listAlarmControlInfo.json', undefined, quiet),
};
