/** System centre contracts (spec §2 /center, §7; issue 2 item 7). */

/** GET /car/v1/helpCenter/helpMessage/pageHelpMessage?current&pageSize&type&read → obj Page<HelpMessage> */
export interface HelpMessage {
  id: number;
  /** 'notice' = station message (站内信), 'announcement' = platform announcement (公告) */
  type: 'notice' | 'announcement';
  title: string;
  /** plain text with line breaks */
  content: string;
  created: number;
  read: boolean;
}

/** GET …/getHelpMessage?id → obj HelpMessage (marks nothing). POST …/markRead (form id=1,2,3 or all=1) → obj { updated } */

/** POST /car/v1/api/user/sendSmsCode.json (form phone, purpose: 'bind'|'verify'|'password') → obj { expiresInSeconds } */
/** POST /car/v1/api/user/phoneCodeVerify.json (form phone, code) → binds the phone → obj { phone (masked) } */
/** POST /car/v1/api/user/updateUserPassword.json (form oldPassword, newPassword — both base64 RSA like login) → obj { endedSessions } */
export const PASSWORD_RULE_TEXT = '密码长度8-32位，须同时包含字母和数字';
/** POST /car/v1/api/user/unbindWxRelation.json → obj { wxBound: false } */
/** POST /car/v1/api/user/updatePrivacy.json (form showPhone, shareLocation, allowAssistant: 'true'|'false') → obj PrivacySettings */
/** POST /car/v1/api/userAuth/phoneAuth.json (form phone, code) → obj { authorized: true } — SMS-verified phone login authorisation */
/** GET  /car/v1/api/userAuth/doGetAuthData.json → obj AuthData */
/** POST /car/v1/api/userAuth/delBangDing.json (form type: 'phone'|'wx') → obj AuthData */
export interface AuthData {
  phone: string;
  phoneBound: boolean;
  wxBound: boolean;
  wxNickname: string;
  lastLoginAt: number | null;
  lastLoginIp: string;
  activeSessions: number;
}

/** GET /car/v4/api/alarm/control/listAlarmControlInfo.json → obj AlarmControl[] (every alarm type, defaults filled) */
export interface AlarmControl {
  alarmType: string;
  alarmName: string;
  enabled: boolean;
  sound: boolean;
  popup: boolean;
}
/** POST …/configAlarmControl.json (JSON body { items: AlarmControl[] } or form alarmType, enabled, sound, popup) → obj AlarmControl[] */

export type PushChannel = 'web' | 'sms' | 'email' | 'wechat' | 'app';
export const PUSH_CHANNELS: readonly PushChannel[] = ['web', 'app', 'sms', 'email', 'wechat'];

/** GET /car/v4/api/alarm/push/listAlarmPushInfo.json → obj AlarmPush[] */
export interface AlarmPush {
  alarmType: string;
  alarmName: string;
  enabled: boolean;
  channels: PushChannel[];
  /** 'HH:mm' or '' for no quiet hours */
  quietStart: string;
  quietEnd: string;
}
/** POST …/configAlarmPush.json (JSON body { items: AlarmPush[] }) → obj AlarmPush[] */

/** POST /car/v1/accelerate/export/exportDataReport.json (form reportType, params = JSON text, name) → obj ExportRecord */
/** GET  /car/v1/accelerate/export/listExportRecord.json?current&pageSize → obj Page<ExportRecord> */
/** GET  /car/v1/accelerate/export/download.json?id&sessionId → the file (only the owner's) */
export interface ExportRecord {
  id: number;
  name: string;
  reportType: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  created: number;
  finished: number | null;
  fileName: string;
  size: number;
  error: string;
}

/** GET /car/v4/api/system/dictionary/list.json?type → obj Record<type, DictionaryItem[]> */
export interface DictionaryItem {
  value: string;
  label: string;
}

/** GET /car/v4/api/account/checkStatus.json → obj AccountStatus */
export interface AccountStatus {
  accountId: number;
  accountName: string;
  enabled: boolean;
  expiresAt: number | null;
  expired: boolean;
  terminalsTotal: number;
  terminalsExpiringIn30Days: number;
}
