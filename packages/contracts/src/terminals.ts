/**
 * Terminals (the devices), car app (platform 8); times epoch ms. Lists answer GET; changes are POST forms.
 * Vehicles (vehicles.ts), groups (groups.ts) and the batch import (fleetImport.ts) have files of
 * their own; this module answers for all of them, as before, and holds their errors.
 */
import type { Static } from 'typebox';
import * as Type from 'typebox/type';
import { ASSET_KINDS } from './assetKinds.ts';
import { endpoint } from './endpoint.ts';
import { defineErrors } from './errors.ts';
import { Identifier, ProtocolSchema, Short, TERMINAL_STATES, TerminalStateSchema } from './fleetFields.ts';
import { ImportOptionsQuery, ImportResultSchema, ImportVerifySchema } from './fleetImport.ts';
import { Id, Nullable, OneOf, OneOfChecked, PageQuery, TimeParam, pageOf } from './schemas.ts';

export * from './fleetFields.ts';
export * from './fleetImport.ts';
export * from './groups.ts';
export * from './vehicles.ts';

/** A terminal (the device) as its owner sees it; unassigned ones only a platform administrator sees. */
export const TerminalSchema = Type.Object({
  terminalId: Type.String(),
  protocol: ProtocolSchema,
  protocolName: Type.String(),
  model: Type.String(),
  sim: Type.String(),
  accountId: Nullable(Type.Integer()),
  accountName: Type.String(),
  /** false: platform stock (no account yet) */
  assigned: Type.Boolean(),
  enabled: Type.Boolean(),
  status: TerminalStateSchema,
  statusName: Type.String(),
  activatedAt: Nullable(Type.Number()),
  serviceExpiresAt: Nullable(Type.Number()),
  online: Type.Boolean(),
  lastSeenAt: Nullable(Type.Number()),
  vehicleId: Nullable(Type.Integer()),
  plate: Type.String(),
  vehicleName: Type.String(),
  /** the kind of the asset it sits in (an AssetKind); '' while it sits in none */
  assetKind: OneOf([...ASSET_KINDS, '']),
  assetKindName: Type.String(),
  remark: Type.String(),
  created: Type.Number(),
  /** 身份冲突: connections refused for claiming this terminal's id while it was online, and the last time (docs/security.md). */
  identityConflicts: Type.Integer(),
  identityConflictAt: Nullable(Type.Number()),
});
export type Terminal = Static<typeof TerminalSchema>;

/** Renewal periods: 'month' or 'year'; at most MAX_RENEW_MONTHS in one renewal. */
export const RENEW_UNITS = { month: '个月', year: '年' } as const;
export type RenewUnit = keyof typeof RENEW_UNITS;
export const MAX_RENEW_MONTHS = 120;

/** One renewal of a terminal's service, as the history shows it. */
export const TerminalRenewalSchema = Type.Object({
  id: Type.Integer(),
  terminalId: Type.String(),
  months: Type.Integer(),
  /** the expiry before (null: none was set) */
  previousExpiresAt: Nullable(Type.Number()),
  expiresAt: Type.Number(),
  userName: Type.String(),
  remark: Type.String(),
  created: Type.Number(),
});
export type TerminalRenewal = Static<typeof TerminalRenewalSchema>;

const TerminalRenew = Type.Object({
  /** comma-separated */
  terminalIds: Type.String({ minLength: 1, maxLength: 50_000 }),
  count: Type.Integer({ minimum: 1, maximum: MAX_RENEW_MONTHS }),
  unit: Type.Union([Type.Literal('month'), Type.Literal('year')]),
  remark: Short(200),
});
export type TerminalRenewInput = Static<typeof TerminalRenew>;

/** Each terminal's expiry before and after a renewal or an activation. */
const ServicePeriods = Type.Array(
  Type.Object({ terminalId: Type.String(), previousExpiresAt: Nullable(Type.Number()), expiresAt: Type.Number() }),
);

const TerminalListQuery = Type.Intersect([
  PageQuery,
  Type.Object({
    /** terminal id, SIM or plate */
    keyword: Short(40),
    protocol: Short(16),
    accountId: Type.Optional(Id()),
    /** false: platform stock */
    assigned: Type.Optional(Type.Boolean()),
    online: Type.Optional(Type.Boolean()),
    /** in a vehicle */
    bound: Type.Optional(Type.Boolean()),
    /** one of TERMINAL_STATES (a ServiceState but 'unbound'); another is refused as 服务状态应为 … (serviceStateInvalid) */
    serviceState: Type.Optional(OneOfChecked(TERMINAL_STATES, { maxLength: 16 })),
    /** service already expired or ending within this many days (the home page's 30 天内到期 is 30) */
    expiring: Type.Optional(Type.Integer({ minimum: 1, maximum: 366 })),
  }),
]);
export type TerminalListQuery = Static<typeof TerminalListQuery>;

const terminalBase = '/car/v4/api/terminal';

export const terminalEndpoints = {
  list: endpoint({
    method: 'GET',
    path: `${terminalBase}/list.json`,
    tag: '设备',
    summary: '查询设备',
    input: TerminalListQuery,
    answer: pageOf(TerminalSchema),
  }),
  detail: endpoint({
    method: 'GET',
    path: `${terminalBase}/detail.json`,
    tag: '设备',
    summary: '查看设备',
    input: Type.Object({ terminalId: Identifier }),
    answer: TerminalSchema,
  }),
  add: endpoint({
    method: 'POST',
    path: `${terminalBase}/add.json`,
    tag: '设备',
    summary: '新增设备',
    permission: 'car:vehicle:add',
    input: Type.Object({
      terminalId: Identifier,
      protocol: Type.String({ minLength: 1, maxLength: 16 }),
      model: Short(40),
      sim: Short(24),
      accountId: Type.Optional(Id()),
      serviceExpiresAt: Type.Optional(TimeParam),
      remark: Short(200),
    }),
    answer: TerminalSchema,
  }),
  update: endpoint({
    method: 'POST',
    path: `${terminalBase}/update.json`,
    tag: '设备',
    summary: '修改设备',
    permission: 'car:vehicle:edit',
    input: Type.Object({
      terminalId: Identifier,
      protocol: Short(16),
      model: Short(40),
      sim: Short(24),
      enabled: Type.Optional(Type.Boolean()),
      serviceExpiresAt: Type.Optional(TimeParam),
      activatedAt: Type.Optional(TimeParam),
      remark: Short(200),
    }),
    answer: TerminalSchema,
  }),
  /** terminalIds comma-separated, into an account of the caller's subtree */
  assign: endpoint({
    method: 'POST',
    path: `${terminalBase}/assign.json`,
    tag: '设备',
    summary: '分配设备',
    permission: 'system:terminal:assign',
    input: Type.Object({ terminalIds: Type.String({ minLength: 1, maxLength: 50_000 }), accountId: Id() }),
    answer: Type.Object({ updated: Type.Integer() }),
  }),
  /** back to platform stock: the platform administrator only */
  unassign: endpoint({
    method: 'POST',
    path: `${terminalBase}/unassign.json`,
    tag: '设备',
    summary: '设备退回平台库存',
    permission: 'system:terminal:assign',
    input: Type.Object({ terminalIds: Type.String({ minLength: 1, maxLength: 50_000 }) }),
    answer: Type.Object({ updated: Type.Integer() }),
  }),
  import: endpoint({
    method: 'POST',
    path: `${terminalBase}/import.json`,
    tag: '设备',
    summary: '批量导入设备',
    permission: 'system:terminal:import',
    encoding: 'multipart',
    query: ImportOptionsQuery,
    answer: ImportResultSchema,
  }),
  /** The terminal import's row-by-row check (as vehicleVerify.json, under the terminal import's permission); writes nothing. */
  importVerify: endpoint({
    method: 'POST',
    path: `${terminalBase}/importVerify.json`,
    tag: '设备',
    summary: '校验导入设备',
    permission: 'system:terminal:import',
    encoding: 'multipart',
    query: ImportOptionsQuery,
    answer: ImportVerifySchema,
  }),
  /** Extends each terminal's service from the later of now and its current expiry; all or nothing. */
  renew: endpoint({
    method: 'POST',
    path: `${terminalBase}/renew.json`,
    tag: '设备',
    summary: '设备续费',
    permission: 'system:terminal:renew',
    input: TerminalRenew,
    answer: Type.Object({ renewed: Type.Integer(), list: ServicePeriods }),
  }),
  /**
   * Activates terminals not activated yet (all or nothing): the service starts now and runs for
   * the period, or to a later expiry already set; one history row each, as a renewal.
   */
  activate: endpoint({
    method: 'POST',
    path: `${terminalBase}/activate.json`,
    tag: '设备',
    summary: '激活设备',
    permission: 'system:terminal:activate',
    input: TerminalRenew,
    answer: Type.Object({ activated: Type.Integer(), list: ServicePeriods }),
  }),
  /** A terminal's renewals, newest first. */
  renewals: endpoint({
    method: 'GET',
    path: `${terminalBase}/renewals.json`,
    tag: '设备',
    summary: '查看续费记录',
    input: Type.Object({ terminalId: Identifier }),
    answer: Type.Array(TerminalRenewalSchema),
  }),
};

export const TERMINAL_ERRORS = defineErrors('terminal', {
  terminalNotVisible: { msg: '设备不存在或无权访问', status: 404 },
  vehicleNotVisible: { msg: '车辆不存在或无权访问', status: 404 },
  groupNotVisible: { msg: '分组不存在或无权访问', status: 404 },
  accountNotVisible: { msg: '账户不存在或无权访问', status: 404 },
  noTerminals: { msg: '请选择设备', status: 400 },
  noVehicles: { msg: '请选择车辆', status: 400 },
  terminalExists: '设备号 {terminalId} 已存在',
  terminalOfOtherAccount: '设备号 {terminalId} 已被其他账户使用',
  terminalInOtherVehicle: '设备号 {terminalId} 已绑定车辆 {vehicle}',
  /** one terminal sits in one asset: a vehicle row (车辆, 电单车, a person), a pet or a 新国标 bike */
  terminalInOtherAsset: '设备号 {terminalId} 已用于{kind} {name}，请先解绑',
  unassignPlatformOnly: { msg: '只有平台管理员可以将设备退回平台库存', status: 403 },
  protocolUnsupported: '不支持的设备协议：{protocol}（可选 JT/T 808、GT06、H02）',
  protocolMissing: '请选择设备协议',
  identifierInvalid: '设备号格式不正确：{reason}',
  plateInvalid: '车牌号格式不正确：应以省份简称开头，如 粤B12345',
  plateTaken: '车牌号 {plate} 已存在',
  nameMissing: '请填写车牌号或名称',
  typeInvalid: '类型应为 车辆 或 电单车（人员在智能工牌登记，宠物在宠物卫士登记）',
  groupOfOtherAccount: '分组不属于该车辆所在的账户',
  moveTargetMissing: '请选择目标账户或分组',
  moveAcrossAccounts: '所选车辆属于不同账户，请分别移动',
  groupNameMissing: '请填写分组名称',
  groupNameTooLong: '分组名称最多40个字',
  parentOfOtherAccount: '上级分组不属于该账户',
  groupTooDeep: '分组最多{depth}级',
  groupUnderItself: '不能把分组移动到它自己或它的下级分组之下',
  groupHasChildren: '请先删除或移走下级分组',
  moveToDeletedGroup: '车辆不能移到要删除的分组',
  fileMissing: { msg: '请选择要上传的文件', status: 400 },
  fileUnreadable: '无法读取文件，请上传 Excel(.xlsx) 或 CSV 文件',
  tooManyRows: '一次最多导入{max}行',
  /** An import sheet's limits (docs/security.md "Uploaded files"): the upload, the zip unpacked, its cells, the parse's time. */
  fileTooLarge: { msg: '文件过大：导入文件最大{max}MB', status: 413 },
  sheetUnzippedTooLarge: '文件解压后内容过大（最多{max}MB），请删除多余的内容后重试',
  sheetTooManyCells: '文件单元格过多（最多{max}个），请删除多余的行和列后重试',
  sheetParseTimeout: '文件解析超时，请减少行数后重试',
  /** The sheet worker's queue is full (many imports at once across users). */
  importQueueFull: { msg: '导入任务较多，请稍后再试', status: 429 },
  /** The same user's earlier import has not finished. */
  importRunning: { msg: '已有导入正在进行，请稍后再试', status: 429 },
  headerMissing: '文件缺少表头：至少需要“设备号”或“车牌号”列',
  headerUnknown: '文件中有无法识别的列：{columns}，请使用导入模板的列名',
  headerDuplicate: '文件中“{column}”列重复',
  noDataRows: '文件中没有数据行',
  importRowsInvalid: '导入失败：{count}行数据有误，请修改后重新导入',
  /** Another write took an identifier or a plate between the check and the write; nothing was imported. */
  importConflict: '导入期间设备号或车牌号已被其他操作占用，未导入任何数据，请重新导入',
  uploadFieldInvalid: { msg: '请求参数错误：{field} 格式不正确', status: 400 },
  serviceStateInvalid: { msg: '服务状态应为 未激活、正常、已过期 或 已停用', status: 400 },
  /** a vehicle's filter: a vehicle without a terminal is 未绑定设备 */
  vehicleServiceStateInvalid: { msg: '服务状态应为 未激活、正常、已过期、已停用 或 未绑定设备', status: 400 },
  typeUnknown: { msg: '不支持的类型：{type}（可选 {types}）', status: 400 },
  renewTooLong: { msg: '一次最多续费{max}个月', status: 400 },
  alreadyActivated: '设备 {terminalIds} 已激活，无需再次激活（延长服务请使用续费）',
  /** An expired terminal's live position and commands are withheld (docs/decisions.md); history stays readable. */
  serviceExpired: '设备 {terminalIds} 服务已到期，实时位置和指令已暂停，续费后立即恢复（历史轨迹仍可查看）',
});
