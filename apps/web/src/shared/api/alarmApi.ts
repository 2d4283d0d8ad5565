import type { AlarmCount } from '@chelian/contracts';
import { get } from '../request/helpers.ts';

/** Real-time alarm count for the alarm tip (may be unavailable: callers stay quiet). */
export const alarmApi = {
  actualTimeAlarmNum: () => get<AlarmCount>('/car/v1/accelerate/report/alarm/queryActualTimeAlarmNum.json', undefined, { silent: true }),
};
