import type { AlarmControl, AlarmPush, ExportRecord, Page } from '@chelian/contracts';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '@chelian/contracts';
import { get, postForm, postJson } from '../request/helpers.ts';

const EXPORT = '/car/v1/accelerate/export';

/** System centre calls not yet on the endpoint table (alarm settings, exports). */
export const centerApi = {
  alarmControls: () => get<AlarmControl[]>('/car/v4/api/alarm/control/listAlarmControlInfo.json'),
  saveAlarmControls: (items: AlarmControl[]) =>
    postJson<AlarmControl[]>('/car/v4/api/alarm/control/configAlarmControl.json', { items: items.map(({ alarmType, enabled, sound, popup }) => ({ alarmType, enabled, sound, popup })) }),
  alarmPushes: () => get<AlarmPush[]>('/car/v4/api/alarm/push/listAlarmPushInfo.json'),
  saveAlarmPushes: (items: AlarmPush[]) =>
    postJson<AlarmPush[]>('/car/v4/api/alarm/push/configAlarmPush.json', {
      items: items.map(({ alarmType, enabled, channels, quietStart, quietEnd }) => ({ alarmType, enabled, channels, quietStart, quietEnd })),
    }),

  createExport: (reportType: string, name?: string, params?: object) =>
    postForm<ExportRecord>(`${EXPORT}/exportDataReport.json`, { reportType, name, params: params ? JSON.stringify(params) : undefined }),
  listExports: (current = DEFAULT_PAGE, pageSize = DEFAULT_PAGE_SIZE) => get<Page<ExportRecord>>(`${EXPORT}/listExportRecord.json`, { current, pageSize }),
  downloadPath: `${EXPORT}/download.json`,
};
