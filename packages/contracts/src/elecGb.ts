/**
 * 新国标 (elec-gb, platform 26): e-bikes under GB 17761-2024 — the registry (备案登记) with Excel
 * import and export, each bike's declaration QR code and the owner's public declaration form, the
 * battery safety board from the BMS reports (GB 43854-2024 packs), the GB alarms and statistics.
 * A bike is known by its registration id (`bikeId`); one outside the caller's subtree answers as a
 * missing one. Thresholds and sources: docs/elec-gb.md.
 */
import type { Static } from 'typebox';
import * as Type from 'typebox/type';
import { endpoint } from './endpoint.ts';
import { defineErrors } from './errors.ts';
import { Id, Nullable, OneOf, OneOfCheckedKeys, OneOfKeys, PageQuery, pageOf } from './schemas.ts';
import { AlarmSchema } from './alarms.ts';
import { ImportVerifySchema } from './terminals.ts';
import { ID_NUMBER_PROBLEM_ZH, type IdNumberProblem } from './chineseId.ts';

/** GB 17761-2024: the maximum design speed, km/h (the motor must stop assisting above it). */
export const GB_MAX_SPEED_KMH = 25;

/** The alarms 新国标 lists, in the platform's words (protocols' ALARM_NAMES_ZH; a test holds them equal). */
export const GB_ALARM_NAMES = {
  batteryOverTemp: '电池温度过高',
  batteryOverVoltage: '电池电压过高',
  batteryUnderVoltage: '电池电压过低',
  batteryOverCurrent: '电池电流过大',
  cellImbalance: '电芯压差过大',
  gbOverspeed: '车速超过25km/h',
  positioningFailure: '定位失败',
  batteryMismatch: '电池与控制器不匹配',
  communicationLost: '通信中断',
} as const;
export type GbAlarmType = keyof typeof GB_ALARM_NAMES;
export const GB_ALARM_TYPES = Object.keys(GB_ALARM_NAMES) as GbAlarmType[];

/** Use types: commercial use (logistics, rental) makes the BeiDou module mandatory (GB 17761-2024 6.6). */
export const GB_USE_TYPES = { personal: '个人自用', logistics: '城市物流', rental: '共享租赁' } as const;
export type GbUseType = keyof typeof GB_USE_TYPES;
export const GB_BATTERY_TYPES = { lithium: '锂离子电池', leadAcid: '铅酸电池', other: '其他' } as const;
export type GbBatteryType = keyof typeof GB_BATTERY_TYPES;
export const GB_STATES = { pending: '待审核', registered: '已备案', rejected: '已驳回' } as const;
export type GbState = keyof typeof GB_STATES;
export const GB_DECLARATION_STATUSES = { pending: '待审核', approved: '已通过', rejected: '已驳回' } as const;
export type GbDeclarationStatus = keyof typeof GB_DECLARATION_STATUSES;

/** Battery health bands of the board and the statistics (state of health, %). */
export const GB_HEALTH_BANDS = [
  { key: 'good', name: '良好（≥80%）', min: 80 },
  { key: 'fair', name: '一般（60–79%）', min: 60 },
  { key: 'poor', name: '较差（<60%）', min: 0 },
] as const;
/** A battery's health: its band, or unknown (no report yet). */
export const GB_HEALTHS = [...GB_HEALTH_BANDS.map((b) => b.key), 'unknown'] as const;
export type GbHealth = (typeof GB_HEALTHS)[number];

const text = (max: number) => Type.Optional(Type.String({ maxLength: max }));

export const GbBikeSchema = Type.Object({
  bikeId: Type.Integer(),
  bikeCode: Type.String(),
  plate: Type.String(),
  frameNo: Type.String(),
  motorNo: Type.String(),
  brand: Type.String(),
  model: Type.String(),
  cccCert: Type.String(),
  batteryType: OneOfKeys(GB_BATTERY_TYPES),
  batteryTypeName: Type.String(),
  /** Ah */
  batteryCapacity: Nullable(Type.Number()),
  /** nominal V */
  batteryVoltage: Nullable(Type.Number()),
  batteryCode: Type.String(),
  chargerCode: Type.String(),
  /** the bound module's IMEI, '' when none */
  terminalId: Type.String(),
  iccid: Type.String(),
  ownerName: Type.String(),
  ownerPhone: Type.String(),
  ownerIdNo: Type.String(),
  useType: OneOfKeys(GB_USE_TYPES),
  useTypeName: Type.String(),
  positioningConsent: Type.Boolean(),
  state: OneOfKeys(GB_STATES),
  stateName: Type.String(),
  /** what keeps it from being compliant (empty when compliant), in Chinese */
  issues: Type.Array(Type.String()),
  online: Type.Boolean(),
  accountName: Type.String(),
  created: Type.Number(),
  updated: Type.Number(),
});
export type GbBike = Static<typeof GbBikeSchema>;

const fields = {
  bikeCode: text(40),
  plate: text(16),
  frameNo: text(40),
  motorNo: text(40),
  brand: text(20),
  model: text(30),
  cccCert: text(40),
  batteryType: text(16),
  batteryCapacity: Type.Optional(Type.Number({ minimum: 1, maximum: 500 })),
  batteryVoltage: Type.Optional(Type.Number({ minimum: 6, maximum: 120 })),
  batteryCode: text(40),
  chargerCode: text(40),
  /** the module's IMEI; '' unbinds */
  terminalId: text(24),
  iccid: text(24),
  ownerName: text(20),
  ownerPhone: text(20),
  ownerIdNo: text(20),
  useType: text(16),
  positioningConsent: Type.Optional(Type.Boolean()),
};
const AddForm = Type.Object({ ...fields, frameNo: Type.String({ maxLength: 40 }) });
export type GbBikeForm = Static<typeof AddForm>;
const UpdateForm = Type.Object({ bikeId: Id(), ...fields });
export type GbBikeUpdateForm = Static<typeof UpdateForm>;
const BikeId = Type.Object({ bikeId: Id() });
/** ids comma-separated */
const BikeIds = Type.Object({ bikeIds: Type.String({ minLength: 1, maxLength: 20_000 }) });

const BikeFilter = {
  keyword: text(40),
  /** a GB_STATES key; another is refused by the service as 不支持的备案状态：…（可选 …） (stateUnknown) */
  state: Type.Optional(OneOfCheckedKeys(GB_STATES, { maxLength: 16 })),
  /** a GB_USE_TYPES key (or its Chinese name, as the form takes it); another is refused as useTypeInvalid */
  useType: Type.Optional(OneOfCheckedKeys(GB_USE_TYPES, { maxLength: 16 })),
};
const ListQuery = Type.Intersect([PageQuery, Type.Object(BikeFilter)]);
const ExportQuery = Type.Object(BikeFilter);

/** What the public form shows of a bike (enough to recognise it, nothing of the owner). */
export const DeclareFormSchema = Type.Object({
  brand: Type.String(),
  model: Type.String(),
  /** the frame number with its middle hidden */
  frameNo: Type.String(),
  plate: Type.String(),
  state: OneOfKeys(GB_STATES),
  stateName: Type.String(),
  /** a declaration already waits for review */
  pending: Type.Boolean(),
});
export type GbDeclareForm = Static<typeof DeclareFormSchema>;
const DeclareSubmit = Type.Object({
  t: Type.String({ minLength: 1, maxLength: 64 }),
  ownerName: Type.String({ maxLength: 20 }),
  ownerPhone: Type.String({ maxLength: 20 }),
  ownerIdNo: Type.String({ maxLength: 20 }),
  plate: text(16),
  useType: Type.String({ maxLength: 16 }),
  positioningConsent: Type.Boolean(),
});
export type GbDeclareSubmit = Static<typeof DeclareSubmit>;

export const GbDeclarationSchema = Type.Object({
  declarationId: Type.Integer(),
  bikeId: Type.Integer(),
  frameNo: Type.String(),
  brand: Type.String(),
  model: Type.String(),
  ownerName: Type.String(),
  ownerPhone: Type.String(),
  ownerIdNo: Type.String(),
  plate: Type.String(),
  useTypeName: Type.String(),
  positioningConsent: Type.Boolean(),
  status: OneOfKeys(GB_DECLARATION_STATUSES),
  statusName: Type.String(),
  reviewNote: Type.String(),
  reviewedBy: Type.String(),
  created: Type.Number(),
  reviewedAt: Nullable(Type.Number()),
});
export type GbDeclaration = Static<typeof GbDeclarationSchema>;

/** One bike on the battery safety board: its newest BMS figures, health and risk. */
export const GbBatteryRowSchema = Type.Object({
  bikeId: Type.Integer(),
  plate: Type.String(),
  frameNo: Type.String(),
  terminalId: Type.String(),
  online: Type.Boolean(),
  reportedAt: Nullable(Type.Number()),
  socPct: Nullable(Type.Integer()),
  voltageV: Nullable(Type.Number()),
  currentA: Nullable(Type.Number()),
  temperatureC: Nullable(Type.Number()),
  cycles: Nullable(Type.Integer()),
  healthPct: Nullable(Type.Integer()),
  cellMinV: Nullable(Type.Number()),
  cellMaxV: Nullable(Type.Number()),
  cellSpreadV: Nullable(Type.Number()),
  health: OneOf(GB_HEALTHS),
  healthName: Type.String(),
  /** 0–100; the list is sorted by it, highest first */
  risk: Type.Integer(),
  riskReasons: Type.Array(Type.String()),
  faults: Type.Array(Type.String()),
  flagged: Type.Array(Type.String()),
});
export type GbBatteryRow = Static<typeof GbBatteryRowSchema>;

export const GbBatteryPointSchema = Type.Object({
  time: Type.Number(),
  socPct: Nullable(Type.Integer()),
  voltageV: Nullable(Type.Number()),
  currentA: Nullable(Type.Number()),
  temperatureC: Nullable(Type.Number()),
  cellMinV: Nullable(Type.Number()),
  cellMaxV: Nullable(Type.Number()),
  cellSpreadV: Nullable(Type.Number()),
});
const TrendAnswer = Type.Object({ row: GbBatteryRowSchema, points: Type.Array(GbBatteryPointSchema), cells: Type.Array(Type.Number()) });
export type GbBatteryTrend = Static<typeof TrendAnswer>;

const DayRange = { startDate: text(10), endDate: text(10) };
const AlarmQuery = Type.Intersect([PageQuery, Type.Object({ bikeId: Type.Optional(Id()), types: text(400), ...DayRange })]);

const Count = Type.Object({ key: Type.String(), name: Type.String(), count: Type.Integer() });
export const GbStatsSchema = Type.Object({
  registered: Type.Integer(),
  pending: Type.Integer(),
  /** bikes whose module is bound (mandatory for commercial use) and online now */
  withModule: Type.Integer(),
  online: Type.Integer(),
  /** % of bikes with a module that are online; null without any */
  onlineRate: Nullable(Type.Number()),
  compliant: Type.Integer(),
  /** % of all bikes that are compliant; null without bikes */
  complianceRate: Nullable(Type.Number()),
  alarms: Type.Integer(),
  byUseType: Type.Array(Count),
  byState: Type.Array(Count),
  alarmsByType: Type.Array(Count),
  health: Type.Array(Count),
  /** per Beijing day of the range: new registrations, alarms, bikes heard from */
  days: Type.Array(Type.Object({ day: Type.String(), registered: Type.Integer(), alarms: Type.Integer(), active: Type.Integer() })),
});
export type GbStats = Static<typeof GbStatsSchema>;

const base = '/elec-gb/v1/api';
const tag = '新国标';

export const elecGbEndpoints = {
  list: endpoint({
    method: 'GET',
    path: `${base}/bike/list.json`,
    tag,
    summary: '查询备案车辆',
    input: ListQuery,
    answer: pageOf(GbBikeSchema),
  }),
  detail: endpoint({ method: 'GET', path: `${base}/bike/detail.json`, tag, summary: '查看备案车辆', input: BikeId, answer: GbBikeSchema }),
  add: endpoint({
    method: 'POST',
    path: `${base}/bike/add.json`,
    tag,
    summary: '新增备案',
    permission: 'gb:record:edit',
    input: AddForm,
    answer: GbBikeSchema,
  }),
  update: endpoint({
    method: 'POST',
    path: `${base}/bike/update.json`,
    tag,
    summary: '修改备案',
    permission: 'gb:record:edit',
    input: UpdateForm,
    answer: GbBikeSchema,
  }),
  /** A registered bike with its module bound is refused: unbind the module first. */
  delete: endpoint({
    method: 'POST',
    path: `${base}/bike/delete.json`,
    tag,
    summary: '删除备案',
    permission: 'gb:record:delete',
    input: BikeIds,
    answer: Type.Object({ deleted: Type.Integer() }),
  }),
  /** Checks an import sheet (multipart, field `file`) row by row; writes nothing. */
  importVerify: endpoint({
    method: 'POST',
    path: `${base}/bike/importVerify.json`,
    tag,
    summary: '校验备案导入',
    permission: 'gb:record:import',
    encoding: 'multipart',
    answer: ImportVerifySchema,
  }),
  /** All or nothing: a sheet with any bad row imports nothing and fails with the checks as obj. */
  import: endpoint({
    method: 'POST',
    path: `${base}/bike/import.json`,
    tag,
    summary: '批量导入备案',
    permission: 'gb:record:import',
    encoding: 'multipart',
    answer: Type.Object({ total: Type.Integer(), imported: Type.Integer() }),
  }),
  importTemplate: endpoint({
    method: 'GET|POST',
    path: `${base}/bike/importTemplate.json`,
    tag,
    summary: '下载备案导入模板',
    produces: 'excel',
  }),
  export: endpoint({
    method: 'GET|POST',
    path: `${base}/bike/export.json`,
    tag,
    summary: '导出备案车辆',
    input: ExportQuery,
    produces: 'excel',
    permission: 'gb:record',
  }),
  /** The bike's declaration QR code (PNG): it opens the public declaration form for that bike. */
  qrCode: endpoint({
    method: 'GET|POST',
    path: '/car/v4/api/prevent/declare/generateQRCode.json',
    tag,
    summary: '生成申报二维码',
    input: Type.Object({ bikeId: Id(), size: Type.Optional(Type.Integer({ minimum: 120, maximum: 1000 })) }),
    produces: 'image',
  }),
  /** What the QR code opens (no login): the bike as the owner will recognise it. */
  declareForm: endpoint({
    method: 'GET',
    path: `${base}/declare/form.json`,
    tag,
    summary: '查看申报车辆',
    access: 'public',
    input: Type.Object({ t: Type.String({ minLength: 1, maxLength: 64 }) }),
    answer: DeclareFormSchema,
  }),
  /** The owner's declaration (no login, rate-limited per address): pending until an operator reviews it. */
  declareSubmit: endpoint({
    method: 'POST',
    path: `${base}/declare/submit.json`,
    tag,
    summary: '提交车辆申报',
    access: 'public',
    input: DeclareSubmit,
    answer: Type.Object({ declarationId: Type.Integer(), status: OneOfKeys(GB_DECLARATION_STATUSES) }),
  }),
  declarations: endpoint({
    method: 'GET',
    path: `${base}/declare/list.json`,
    tag,
    summary: '查询车辆申报',
    input: Type.Intersect([
      PageQuery,
      Type.Object({
        /** a GB_DECLARATION_STATUSES key; another is refused by the service as 不支持的申报状态：…（可选 …） (declarationStatusUnknown) */
        status: Type.Optional(OneOfCheckedKeys(GB_DECLARATION_STATUSES, { maxLength: 16 })),
        keyword: text(40),
      }),
    ]),
    answer: pageOf(GbDeclarationSchema),
  }),
  review: endpoint({
    method: 'POST',
    path: `${base}/declare/review.json`,
    tag,
    summary: '审核车辆申报',
    permission: 'gb:declare:review',
    input: Type.Object({ declarationId: Id(), approve: Type.Boolean(), note: text(200) }),
    answer: GbDeclarationSchema,
  }),
  battery: endpoint({
    method: 'GET',
    path: `${base}/battery/board.json`,
    tag,
    summary: '查询电池安全',
    input: Type.Intersect([PageQuery, Type.Object({ keyword: text(40) })]),
    answer: pageOf(GbBatteryRowSchema),
  }),
  batteryTrend: endpoint({
    method: 'GET',
    path: `${base}/battery/trend.json`,
    tag,
    summary: '查询电池趋势',
    input: Type.Object({ bikeId: Id(), ...DayRange }),
    answer: TrendAnswer,
  }),
  alarms: endpoint({
    method: 'GET',
    path: `${base}/alarm/list.json`,
    tag,
    summary: '查询新国标报警',
    input: AlarmQuery,
    answer: pageOf(AlarmSchema),
  }),
  stats: endpoint({
    method: 'GET',
    path: `${base}/stats/summary.json`,
    tag,
    summary: '新国标统计',
    input: Type.Object(DayRange),
    answer: GbStatsSchema,
  }),
  statsExport: endpoint({
    method: 'GET|POST',
    path: `${base}/stats/export.json`,
    tag,
    summary: '导出新国标统计',
    input: Type.Object(DayRange),
    produces: 'excel',
    permission: 'gb:stats',
  }),
};

export const ELEC_GB_ERRORS = defineErrors('elecGb', {
  bikeNotVisible: { msg: '备案车辆不存在或无权访问', status: 404 },
  frameNoMissing: { msg: '请填写车架号', status: 400 },
  frameNoInvalid: { msg: '车架号应为6到30位字母或数字', status: 400 },
  frameNoTaken: '车架号 {frameNo} 已备案',
  plateTaken: '号牌 {plate} 已被其他车辆使用',
  idNumberLength: { msg: ID_NUMBER_PROBLEM_ZH.length, status: 400 },
  idNumberChars: { msg: ID_NUMBER_PROBLEM_ZH.chars, status: 400 },
  idNumberBirthDate: { msg: ID_NUMBER_PROBLEM_ZH.birthDate, status: 400 },
  idNumberCheckDigit: { msg: ID_NUMBER_PROBLEM_ZH.checkDigit, status: 400 },
  phoneInvalid: { msg: '手机号格式不正确', status: 400 },
  useTypeInvalid: { msg: '使用性质应为 个人自用、城市物流 或 共享租赁', status: 400 },
  batteryTypeInvalid: { msg: '电池类型应为 锂离子电池、铅酸电池 或 其他', status: 400 },
  stateUnknown: { msg: '不支持的备案状态：{state}（可选 {states}）', status: 400 },
  declarationStatusUnknown: { msg: '不支持的申报状态：{status}（可选 {statuses}）', status: 400 },
  terminalBound: '设备 {terminalId} 已绑定备案车辆 {frameNo}',
  deleteBound: '车辆 {frameNo} 已备案并绑定定位模块，请先解绑模块再删除',
  declareUnknown: { msg: '二维码无效或车辆已注销', status: 404 },
  declareFieldMissing: { msg: '请填写{field}', status: 400 },
  consentRequired: '商用车辆（城市物流、共享租赁）须同意定位授权',
  declarationNotVisible: { msg: '申报记录不存在或无权访问', status: 404 },
  declarationReviewed: '该申报已审核，不能重复审核',
  importRejected: '导入文件有{invalid}行错误，未导入任何数据',
});

/** The failure each identity-number problem answers (GB 11643 check, chineseId.ts). */
export const ID_NUMBER_ERRORS: Record<IdNumberProblem, (typeof ELEC_GB_ERRORS)[keyof typeof ELEC_GB_ERRORS]> = {
  length: ELEC_GB_ERRORS.idNumberLength,
  chars: ELEC_GB_ERRORS.idNumberChars,
  birthDate: ELEC_GB_ERRORS.idNumberBirthDate,
  checkDigit: ELEC_GB_ERRORS.idNumberCheckDigit,
};
