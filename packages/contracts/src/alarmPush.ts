/**
 * Alarm settings and alarm push (system centre /center/alarmSetting and /center/alarmPush), and
 * the deliveries push makes: browser notifications, SMS, webhooks, MQTT. docs/alarm-delivery.md
 * describes the channels, the JSON a webhook or MQTT subscriber receives, signatures and retries.
 */
import * as Type from 'typebox/type';
import type { Static } from 'typebox';
import { endpoint } from './endpoint.ts';
import { defineErrors } from './errors.ts';
import { Id, Nullable, OneOf, PageQuery, pageOf } from './schemas.ts';
import { AlarmTypeInput, AlarmTypeSchema } from './alarms.ts';

/** web = browser notification; sms; webhook = signed HTTP POST; mqtt = publish to the account's broker. */
export const PUSH_CHANNELS = ['web', 'sms', 'webhook', 'mqtt'] as const;
export type PushChannel = (typeof PUSH_CHANNELS)[number];
/** Channels whose messages leave through the delivery queue (browsers fetch theirs). */
export const QUEUED_CHANNELS = ['sms', 'webhook', 'mqtt'] as const;
export type QueuedChannel = (typeof QUEUED_CHANNELS)[number];

export const MAX_SMS_PHONES = 10;
/** Longest rate-limit interval: a day. */
export const MAX_PUSH_INTERVAL_MINUTES = 1440;

export const ALARM_PUSH_ERRORS = defineErrors('alarmPush', {
  unknownAlarmType: '未知的报警类型：{name}',
  badQuietHours: '免打扰时段格式应为 HH:mm，开始与结束须同时填写且不能相同',
  badPhone: '短信接收号码格式不正确：{name}',
  tooManyPhones: `短信接收号码最多 ${MAX_SMS_PHONES} 个`,
  badWebhookUrl: 'Webhook 地址须以 http:// 或 https:// 开头，且为完整的网址',
  badMqttUrl: 'MQTT 服务器地址须为 mqtt://主机:端口 或 mqtts://主机:端口',
  badTopicPrefix: 'MQTT 主题前缀只能包含字母、数字、-、_ 和 /，且不能以 / 开头或结尾',
  notConfigured: '尚未设置{name}，请先填写并保存',
});

const Channel = OneOf(PUSH_CHANNELS);
const QueuedChannelField = OneOf(QUEUED_CHANNELS);

// ── Alarm settings (on/off, sound, pop-up per type) ─────────────────────────────────────────────

/** 平台超速报警's shortest episode, seconds: the overspeed report's range (OVERSPEED_DEFAULT_MIN_SECONDS by default). */
const MinSecondsField = Type.Integer({ minimum: 0, maximum: 3600 });

export const AlarmControlSchema = Type.Object({
  alarmType: AlarmTypeSchema,
  alarmName: Type.String(),
  enabled: Type.Boolean(),
  sound: Type.Boolean(),
  popup: Type.Boolean(),
  /** Only on platformOverspeed: an episode raises its alarm once it has lasted this long (docs/car.md, "终端超速报警 and 平台超速报警"). */
  minSeconds: Type.Optional(MinSecondsField),
});
export type AlarmControl = Static<typeof AlarmControlSchema>;
const ControlItem = Type.Object({
  alarmType: AlarmTypeInput,
  enabled: Type.Boolean(),
  sound: Type.Boolean(),
  popup: Type.Boolean(),
  /** platformOverspeed only (absent: the stored one is kept) */
  minSeconds: Type.Optional(MinSecondsField),
});

// ── Push settings per type ──────────────────────────────────────────────────────────────────────

export const AlarmPushSchema = Type.Object({
  alarmType: AlarmTypeSchema,
  alarmName: Type.String(),
  enabled: Type.Boolean(),
  channels: Type.Array(Channel),
  /** 'HH:mm' Beijing time, or '' for no quiet hours; browsers and SMS stay quiet in between. */
  quietStart: Type.String(),
  quietEnd: Type.String(),
  /** Rate limit: browsers and SMS hear of a vehicle's alarm type at most once per this many minutes (0: every time). */
  minIntervalMinutes: Type.Integer(),
});
export type AlarmPush = Static<typeof AlarmPushSchema>;
const PushItem = Type.Object({
  alarmType: AlarmTypeInput,
  enabled: Type.Boolean(),
  channels: Type.Array(Channel, { maxItems: PUSH_CHANNELS.length }),
  quietStart: Type.Optional(Type.String({ maxLength: 5 })),
  quietEnd: Type.Optional(Type.String({ maxLength: 5 })),
  minIntervalMinutes: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_PUSH_INTERVAL_MINUTES })),
});

// ── Destinations of the account (one set per account) ───────────────────────────────────────────

export const PushTargetsSchema = Type.Object({
  smsPhones: Type.Array(Type.String()),
  webhookUrl: Type.String(),
  /** Shown to who may edit push settings: the receiver needs it to check signatures. */
  webhookSecret: Type.String(),
  mqttUrl: Type.String(),
  mqttUsername: Type.String(),
  /** The broker password is never sent back; true when one is stored. */
  mqttPasswordSet: Type.Boolean(),
  mqttTopicPrefix: Type.String(),
  mqttPositions: Type.Boolean(),
});
export type PushTargets = Static<typeof PushTargetsSchema>;
export const PushTargetsInput = Type.Object({
  smsPhones: Type.Optional(Type.Array(Type.String({ maxLength: 20 }), { maxItems: 50 })),
  webhookUrl: Type.Optional(Type.String({ maxLength: 500 })),
  /** Empty with a webhook address set: a new secret is made. */
  webhookSecret: Type.Optional(Type.String({ maxLength: 200 })),
  mqttUrl: Type.Optional(Type.String({ maxLength: 300 })),
  mqttUsername: Type.Optional(Type.String({ maxLength: 100 })),
  /** Absent: the stored password is kept; '' clears it. */
  mqttPassword: Type.Optional(Type.String({ maxLength: 200 })),
  mqttTopicPrefix: Type.Optional(Type.String({ maxLength: 100 })),
  mqttPositions: Type.Optional(Type.Boolean()),
});

export const PushTestResultSchema = Type.Object({
  ok: Type.Boolean(),
  channel: Channel,
  target: Type.String(),
  httpStatus: Nullable(Type.Integer()),
  /** In Chinese; '' when it worked. */
  error: Type.String(),
  durationMs: Type.Integer(),
});
export type PushTestResult = Static<typeof PushTestResultSchema>;

// ── Deliveries ──────────────────────────────────────────────────────────────────────────────────

export const DELIVERY_STATUSES = ['pending', 'sending', 'retrying', 'sent', 'failed', 'skipped'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const DeliveryAttemptSchema = Type.Object({
  attempt: Type.Integer(),
  at: Type.Number(),
  ok: Type.Boolean(),
  httpStatus: Nullable(Type.Integer()),
  error: Type.String(),
  durationMs: Type.Integer(),
});

export const DeliverySchema = Type.Object({
  deliveryId: Type.Integer(),
  alarmId: Type.Integer(),
  /** whose settings made it: the alarm's account or one above it */
  accountId: Type.Integer(),
  channel: Channel,
  /** where it went, shortened for display: masked phone, the webhook's host and path, the MQTT topic */
  target: Type.String(),
  status: Type.Union([
    Type.Literal('pending'),
    Type.Literal('sending'),
    Type.Literal('retrying'),
    Type.Literal('sent'),
    Type.Literal('failed'),
    Type.Literal('skipped'),
  ]),
  attempts: Type.Integer(),
  httpStatus: Nullable(Type.Integer()),
  /** the last failure, or why it was skipped, in Chinese */
  error: Type.String(),
  created: Type.Number(),
  updated: Type.Number(),
  sentAt: Nullable(Type.Number()),
  nextAt: Nullable(Type.Number()),
  log: Type.Array(DeliveryAttemptSchema),
  alarm: Type.Object({ plate: Type.String(), terminalId: Type.String(), typeName: Type.String(), alarmTime: Type.Number() }),
});
export type Delivery = Static<typeof DeliverySchema>;

export const BrowserNoticeSchema = Type.Object({
  deliveryId: Type.Integer(),
  alarmId: Type.Integer(),
  terminalId: Type.String(),
  vehicleId: Nullable(Type.Integer()),
  plate: Type.String(),
  name: Type.String(),
  type: AlarmTypeSchema,
  typeName: Type.String(),
  alarmTime: Type.Number(),
  speed: Nullable(Type.Number()),
});
export type BrowserNotice = Static<typeof BrowserNoticeSchema>;

/** The alarm in a webhook body or MQTT message. Times epoch ms; alarmTimeText is Beijing time. */
export interface AlarmPushAlarm {
  alarmId: number;
  terminalId: string;
  vehicleId: number | null;
  plate: string;
  vehicleName: string;
  type: Static<typeof AlarmTypeSchema>;
  typeName: string;
  alarmTime: number;
  alarmTimeText: string;
  receivedAt: number;
  lat: number | null;
  lon: number | null;
  speed: number | null;
  address: string;
  /** 补传: from a blind-area upload — it happened at alarmTime, while the terminal was out of coverage, and reached the platform at receivedAt. */
  late: boolean;
}

/** A webhook's JSON body and an MQTT alarm message (docs/alarm-delivery.md). */
export interface AlarmPushMessage {
  event: 'alarm' | 'test';
  deliveryId: number;
  attempt: number;
  /** Unix seconds; also the X-Chelian-Timestamp header. Signed with the body. */
  timestamp: number;
  account: { accountId: number; accountName: string };
  alarm: AlarmPushAlarm;
}

// ── Endpoints ───────────────────────────────────────────────────────────────────────────────────

const CONTROL = 'center:alarmSetting' as const;
const PUSH = 'center:alarmPush' as const;
const TAG = '报警推送';

export const alarmPushEndpoints = {
  listControls: endpoint({
    method: 'GET',
    path: '/car/v4/api/alarm/control/listAlarmControlInfo.json',
    summary: '报警设置列表',
    tag: TAG,
    permission: CONTROL,
    answer: Type.Array(AlarmControlSchema),
  }),
  saveControls: endpoint({
    method: 'POST',
    path: '/car/v4/api/alarm/control/configAlarmControl.json',
    summary: '保存报警设置',
    tag: TAG,
    permission: CONTROL,
    encoding: 'json',
    // the whole table as JSON, or one row as form fields
    input: Type.Union([Type.Object({ items: Type.Array(ControlItem, { maxItems: 100 }) }), ControlItem]),
    answer: Type.Array(AlarmControlSchema),
  }),
  listPushes: endpoint({
    method: 'GET',
    path: '/car/v4/api/alarm/push/listAlarmPushInfo.json',
    summary: '推送设置列表',
    tag: TAG,
    permission: PUSH,
    answer: Type.Array(AlarmPushSchema),
  }),
  savePushes: endpoint({
    method: 'POST',
    path: '/car/v4/api/alarm/push/configAlarmPush.json',
    summary: '保存推送设置',
    tag: TAG,
    permission: PUSH,
    encoding: 'json',
    input: Type.Union([Type.Object({ items: Type.Array(PushItem, { maxItems: 100 }) }), PushItem]),
    answer: Type.Array(AlarmPushSchema),
  }),
  getTargets: endpoint({
    method: 'GET',
    path: '/car/v4/api/alarm/push/getPushTarget.json',
    summary: '推送接收方设置',
    tag: TAG,
    permission: PUSH,
    answer: PushTargetsSchema,
  }),
  saveTargets: endpoint({
    method: 'POST',
    path: '/car/v4/api/alarm/push/configPushTarget.json',
    summary: '保存推送接收方',
    tag: TAG,
    permission: PUSH,
    encoding: 'json',
    input: PushTargetsInput,
    answer: PushTargetsSchema,
  }),
  testPush: endpoint({
    method: 'POST',
    path: '/car/v4/api/alarm/push/testPush.json',
    summary: '发送测试推送',
    tag: TAG,
    permission: PUSH,
    input: Type.Object({ channel: QueuedChannelField }),
    answer: PushTestResultSchema,
  }),
  listFailures: endpoint({
    method: 'GET',
    path: '/car/v4/api/alarm/push/listDeliveryFailure.json',
    summary: '推送失败记录',
    tag: TAG,
    permission: PUSH,
    input: PageQuery,
    answer: pageOf(DeliverySchema),
  }),
  retryDelivery: endpoint({
    method: 'POST',
    path: '/car/v4/api/alarm/push/retryDelivery.json',
    summary: '重新推送',
    tag: TAG,
    permission: PUSH,
    input: Type.Object({ deliveryId: Id() }),
    answer: DeliverySchema,
  }),
  listDeliveries: endpoint({
    method: 'GET',
    path: '/car/v4/api/alarm/push/listDelivery.json',
    summary: '报警的推送记录',
    tag: TAG,
    input: Type.Object({ alarmId: Id() }),
    answer: Type.Array(DeliverySchema),
  }),
  browserNotices: endpoint({
    method: 'GET',
    path: '/car/v4/api/alarm/push/listBrowserNotice.json',
    summary: '浏览器通知',
    tag: TAG,
    // without afterId: only where the list stands now (a browser that just opened is not flooded)
    input: Type.Object({ afterId: Type.Optional(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })) }),
    answer: Type.Object({ lastId: Type.Integer(), list: Type.Array(BrowserNoticeSchema) }),
  }),
};
