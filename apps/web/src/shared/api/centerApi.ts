import type { AccountStatus, AlarmControl, AlarmPush, AuthData, DictionaryItem, ExportRecord, HelpMessage, Page, PrivacySettings, ThemeName } from '@chelian/contracts';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '@chelian/contracts';
import { get, postForm, postJson } from '../request/helpers.ts';

const HELP = '/car/v1/helpCenter/helpMessage';
const USER = '/car/v1/api/user';
const AUTH = '/car/v1/api/userAuth';
const EXPORT = '/car/v1/accelerate/export';

export type MessagePage = Page<HelpMessage> & { unread?: number };

/** System centre calls, exactly as packages/contracts/src/center.ts documents them. */
export const centerApi = {
  pageMessages: (q: { current?: number; pageSize?: number; type?: HelpMessage['type']; read?: boolean } = {}) =>
    get<MessagePage>(`${HELP}/pageHelpMessage`, { current: q.current ?? DEFAULT_PAGE, pageSize: q.pageSize ?? DEFAULT_PAGE_SIZE, type: q.type, read: q.read }),
  getMessage: (id: number) => get<HelpMessage>(`${HELP}/getHelpMessage`, { id }),
  markRead: (ids: number[] | 'all') => postForm<{ updated: number }>(`${HELP}/markRead`, ids === 'all' ? { all: true } : { id: ids }),

  sendSmsCode: (phone: string, purpose: 'bind' | 'verify' | 'password' | 'auth') =>
    postForm<{ expiresInSeconds: number }>(`${USER}/sendSmsCode.json`, { phone, purpose }),
  phoneCodeVerify: (phone: string, code: string) => postForm<{ phone: string }>(`${USER}/phoneCodeVerify.json`, { phone, code }),
  updatePassword: (oldPassword: string, newPassword: string) =>
    postForm<{ endedSessions: number }>(`${USER}/updateUserPassword.json`, { oldPassword, newPassword }),
  unbindWx: () => postForm<AuthData>(`${USER}/unbindWxRelation.json`),
  updatePrivacy: (privacy: Partial<PrivacySettings>) => postForm<PrivacySettings>(`${USER}/updatePrivacy.json`, { ...privacy }),
  updateTheme: (theme: ThemeName) => postForm<{ theme: ThemeName }>(`${USER}/updateTheme.json`, { theme }, { silent: true }),
  phoneAuth: (phone: string, code: string) => postForm<{ authorized: boolean }>(`${AUTH}/phoneAuth.json`, { phone, code }),
  authData: () => get<AuthData>(`${AUTH}/doGetAuthData.json`),
  unbind: (type: 'phone' | 'wx') => postForm<AuthData>(`${AUTH}/delBangDing.json`, { type }),

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

  dictionary: (type?: string) => get<Record<string, DictionaryItem[]>>('/car/v4/api/system/dictionary/list.json', { type }, { silent: true }),
  accountStatus: () => get<AccountStatus>('/car/v4/api/account/checkStatus.json', undefined, { silent: true }),
};
