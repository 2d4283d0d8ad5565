/**
 * Commands down to terminals (car app): check which targets can take a command, send it (queued
 * for offline terminals until expireMinutes), and the record of what happened.
 * Targets are terminalIds and/or vehicleIds, comma-separated.
 */
import type { Static } from 'typebox';
import * as Type from 'typebox/type';
import type { CommandType } from '@chelian/protocols/model.ts';
import { endpoint } from './endpoint.ts';
import { defineErrors } from './errors.ts';
import { Nullable, OneOf, OneOfCheckedKeys, OneOfKeys, PageQuery, StringRecord, pageOf } from './schemas.ts';

/** Every command a terminal can be sent (protocols' CommandType, all of them), as an operator reads it. */
export const COMMAND_NAMES_ZH = {
  cutOil: '断油断电',
  restoreOil: '恢复油电',
  arm: '设防',
  disarm: '撤防',
  find: '寻车',
  locateNow: '立即定位',
  setInterval: '设置上传间隔',
  reboot: '重启终端',
  text: '下发文本',
  custom: '自定义指令',
  // Watches, work badges and pet collars (the watch protocol).
  powerOff: '远程关机',
  listenIn: '远程监听',
  sosNumber: '设置SOS号码',
  sosNumbers: '设置全部SOS号码',
  centerNumber: '设置中心号码',
  removeAlarm: '摘除报警开关',
  fallAlarm: '跌倒报警开关',
  silenceTime: '上课禁用时段',
} as const satisfies Record<CommandType, string>;

/** Where a command stands (expired: still queued when its time ran out). */
export const COMMAND_STATUS_ZH = {
  queued: '等待终端上线',
  sent: '已发送，等待回复',
  replied: '终端已回复',
  failed: '发送失败',
  unsupported: '终端不支持',
  expired: '已过期',
} as const;
export type CommandStatus = keyof typeof COMMAND_STATUS_ZH;
/** What sending did to each target: sent now, queued for an offline terminal, or refused. */
export const COMMAND_SEND_STATUSES = ['sent', 'queued', 'unsupported'] as const satisfies readonly CommandStatus[];

/** A whole fleet in one go: 指令下发's group tick sends every vehicle of the group. */
export const MAX_COMMAND_TARGETS = 10_000;

const targets = {
  terminalIds: Type.Optional(Type.String({ maxLength: MAX_COMMAND_TARGETS * 21 })),
  vehicleIds: Type.Optional(Type.String({ maxLength: MAX_COMMAND_TARGETS * 12 })),
  /** a COMMAND_NAMES_ZH key; another is refused by the service as 不支持的指令类型：…（可选 …） (unknownType) */
  commandType: OneOfCheckedKeys(COMMAND_NAMES_ZH, { minLength: 1, maxLength: 20 }),
};
const CommandCheckForm = Type.Object(targets);
export type CommandCheckForm = Static<typeof CommandCheckForm>;
export type CommandTargets = CommandCheckForm;

const CommandSendForm = Type.Object({
  ...targets,
  seconds: Type.Optional(Type.Integer({ minimum: 1, maximum: 86_400 })),
  text: Type.Optional(Type.String({ maxLength: 500 })),
  hex: Type.Optional(Type.String({ maxLength: 4096 })),
  messageId: Type.Optional(Type.Integer({ minimum: 0, maximum: 0xffff })),
  /** Watches and badges: listenIn / centerNumber / sosNumber take `phone`, sosNumbers `phones`
   * (comma-separated, 1-3), sosNumber its `index` (1-3), removeAlarm / fallAlarm `enable` (1 on, 0 off),
   * silenceTime `periods` (comma-separated HH:MM-HH:MM, up to 4; empty clears). */
  phone: Type.Optional(Type.String({ maxLength: 24 })),
  phones: Type.Optional(Type.String({ maxLength: 80 })),
  index: Type.Optional(Type.Integer({ minimum: 1, maximum: 3 })),
  enable: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  periods: Type.Optional(Type.String({ maxLength: 60 })),
  expireMinutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 7 * 24 * 60 })),
});
export type CommandSendForm = Static<typeof CommandSendForm>;

const CommandListQuery = Type.Intersect([
  PageQuery,
  Type.Object({
    terminalId: Type.Optional(Type.String({ maxLength: 24 })),
    /** a COMMAND_STATUS_ZH key; another is refused by the service as 不支持的指令状态：…（可选 …） (statusUnknown) */
    status: Type.Optional(OneOfCheckedKeys(COMMAND_STATUS_ZH, { maxLength: 16 })),
  }),
]);
export type CommandListQuery = Static<typeof CommandListQuery>;

export const CommandCheckItemSchema = Type.Object({
  terminalId: Type.String(),
  vehicleId: Nullable(Type.Integer()),
  plate: Type.String(),
  protocol: Type.String(),
  online: Type.Boolean(),
  supported: Type.Boolean(),
  canSendNow: Type.Boolean(),
  reason: Type.String(),
});
const CommandCheckSchema = Type.Object({
  total: Type.Integer(),
  supported: Type.Integer(),
  online: Type.Integer(),
  list: Type.Array(CommandCheckItemSchema),
});
export type CommandCheck = Static<typeof CommandCheckSchema>;

export const CommandSendItemSchema = Type.Object({
  terminalId: Type.String(),
  plate: Type.String(),
  commandId: Nullable(Type.Integer()),
  status: OneOf(COMMAND_SEND_STATUSES),
  reason: Type.String(),
});
export type CommandSendItem = Static<typeof CommandSendItemSchema>;
const CommandSendSchema = Type.Object({
  total: Type.Integer(),
  sent: Type.Integer(),
  queued: Type.Integer(),
  unsupported: Type.Integer(),
  list: Type.Array(CommandSendItemSchema),
});
export type CommandSend = Static<typeof CommandSendSchema>;

/** A command as recorded; times epoch ms. */
export const CommandRecordSchema = Type.Object({
  commandId: Type.Integer(),
  terminalId: Type.String(),
  plate: Type.String(),
  type: OneOfKeys(COMMAND_NAMES_ZH),
  typeName: Type.String(),
  params: StringRecord(Type.Unknown()),
  status: OneOfKeys(COMMAND_STATUS_ZH),
  statusName: Type.String(),
  userName: Type.String(),
  created: Type.Number(),
  expiresAt: Type.Number(),
  sentAt: Nullable(Type.Number()),
  repliedAt: Nullable(Type.Number()),
  replySuccess: Nullable(Type.Boolean()),
  replyText: Type.String(),
});
export type CommandRecord = Static<typeof CommandRecordSchema>;
const CommandPageSchema = pageOf(CommandRecordSchema);
export type CommandPage = Static<typeof CommandPageSchema>;

const base = '/car/v1/api/command';

export const commandEndpoints = {
  check: endpoint({
    method: 'GET|POST',
    path: `${base}/checkCommandDownBatchTer.json`,
    tag: '指令',
    summary: '检查终端能否接收指令',
    input: CommandCheckForm,
    answer: CommandCheckSchema,
  }),
  send: endpoint({
    method: 'POST',
    path: `${base}/commandDownBatch.json`,
    tag: '指令',
    summary: '下发指令',
    permission: 'car:command:send',
    input: CommandSendForm,
    answer: CommandSendSchema,
  }),
  list: endpoint({
    method: 'GET',
    path: `${base}/listCommand.json`,
    tag: '指令',
    summary: '查询指令记录',
    input: CommandListQuery,
    answer: CommandPageSchema,
  }),
};

export const COMMAND_ERRORS = defineErrors('command', {
  unknownType: { msg: '不支持的指令类型：{type}（可选 {types}）', status: 400 },
  statusUnknown: { msg: '不支持的指令状态：{status}（可选 {statuses}）', status: 400 },
  noTargets: { msg: '请选择要下发指令的车辆或设备', status: 400 },
  vehiclesWithoutTerminal: '车辆 {plates} 未绑定设备',
  /** obj: the per-terminal list with each one's reason */
  noneSupported: '所选终端都不支持该指令',
  intervalRange: '上传间隔应为5到86400秒',
  textLength: '文本内容应为1到200个字',
  customEmpty: '自定义指令需要填写指令内容或十六进制数据',
  hexFormat: '十六进制数据格式不正确',
  customTooLong: '指令内容最多500个字符',
  messageIdRange: '消息ID应为0x8000到0xFFFF之间的平台下行消息',
  phoneFormat: '请填写正确的电话号码（3到20位数字，可带+号）',
  sosPhones: '请填写1到3个SOS号码，用逗号分隔',
  sosIndex: 'SOS号码序号应为1、2或3',
  enableRequired: '请选择开启或关闭',
  silencePeriods: '禁用时段格式应为 HH:MM-HH:MM，最多4段，用逗号分隔',
});
