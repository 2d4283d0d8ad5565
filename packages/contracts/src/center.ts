/** System centre contracts (spec §2 /center, §7; issue 2 item 7). */

// Station messages: helpMessages.ts. Security centre: security.ts. Dictionaries and account status: system.ts.

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

// The download centre's exports: exports.ts.
