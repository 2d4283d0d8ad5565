/** Vehicles (assets carrying at most one terminal): the car app's vehicle list, forms and endpoints; times epoch ms. */
import type { Static } from 'typebox';
import * as Type from 'typebox/type';
import { endpoint } from './endpoint.ts';
import { ASSET_KIND_NAMES, ASSET_KINDS } from './assetKinds.ts';
import { GroupRef, IdList, PROTOCOLS, SERVICE_STATES, Short, TERMINAL_STATES } from './fleetFields.ts';
import { ImportOptionsQuery, ImportResultSchema, ImportVerifySchema } from './fleetImport.ts';
import { Id, Nullable, OneOf, OneOfCheckedKeys, PageQuery, SpeedLimitKmh, TimeParam, pageOf } from './schemas.ts';

/** Plate colours as JT/T 808 codes them (0: not given). */
export const PLATE_COLORS = { 0: '未设置', 1: '蓝色', 2: '黄色', 3: '黑色', 4: '白色', 5: '绿色', 9: '其他' } as const;

const PROVINCES = '京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼';
/** A Chinese plate: province, issuing letter, then 5 characters (the last may be 挂/学/警/港/澳) or 6 (new energy). */
const CAR_PLATE = new RegExp(`^[${PROVINCES}][A-Z](?:[A-Z0-9]{4}[A-Z0-9挂学警港澳]|[A-Z0-9]{6})$`);
/** E-bikes, badges and pets carry free labels. */
const LABEL = /^[\u4e00-\u9fa5A-Za-z0-9·-]{2,16}$/;

/** Whether a plate (upper-cased) is well formed for an asset of this type ('vehicle' by default). */
export function isPlate(plate: string, type = 'vehicle'): boolean {
  return (type === 'vehicle' || type === '车辆' ? CAR_PLATE : LABEL).test(plate);
}

export const VehicleSchema = Type.Object({
  vehicleId: Type.Integer(),
  name: Type.String(),
  plate: Type.String(),
  /** PLATE_COLORS code */
  plateColor: Type.Integer(),
  type: OneOf(ASSET_KINDS),
  typeName: Type.String(),
  accountId: Type.Integer(),
  accountName: Type.String(),
  groupId: Nullable(Type.Integer()),
  groupName: Type.String(),
  driver: Type.String(),
  driverPhone: Type.String(),
  icon: Type.String(),
  remark: Type.String(),
  created: Type.Number(),
  /** the bound terminal's fields; '' (and terminalStatusName 未绑定设备) when none is bound */
  terminalId: Type.String(),
  protocol: OneOf([...PROTOCOLS, '']),
  protocolName: Type.String(),
  model: Type.String(),
  sim: Type.String(),
  online: Type.Boolean(),
  terminalStatus: OneOf([...TERMINAL_STATES, '']),
  terminalStatusName: Type.String(),
  activatedAt: Nullable(Type.Number()),
  serviceExpiresAt: Nullable(Type.Number()),
  lastSeenAt: Nullable(Type.Number()),
  /** km/h, the overspeed report's limit for this vehicle; null: the platform default (OVERSPEED_DEFAULT_LIMIT_KMH) */
  speedLimitKmh: Nullable(Type.Number()),
});
export type Vehicle = Static<typeof VehicleSchema>;

const vehicleFilters = {
  /** plate, name, terminal id, SIM or driver */
  keyword: Short(40),
  /** the group and its sub-groups; 0 = vehicles without a group */
  groupId: GroupRef,
  /** an ASSET_KIND_NAMES key (智能车联 shows vehicle and ebike); another is refused as 不支持的类型：… (typeUnknown) */
  type: Type.Optional(OneOfCheckedKeys(ASSET_KIND_NAMES, { maxLength: 16 })),
  accountId: Type.Optional(Id()),
  online: Type.Optional(Type.Boolean()),
  protocol: Short(16),
  /** a SERVICE_STATES key; another is refused as 服务状态应为 … (vehicleServiceStateInvalid) */
  serviceState: Type.Optional(OneOfCheckedKeys(SERVICE_STATES, { maxLength: 16 })),
};
const VehicleListQuery = Type.Intersect([PageQuery, Type.Object(vehicleFilters)]);
export type VehicleListQuery = Static<typeof VehicleListQuery>;
const VehicleExportQuery = Type.Object(vehicleFilters);
export type VehicleExportQuery = Static<typeof VehicleExportQuery>;

const vehicleFields = {
  name: Short(40),
  plate: Short(16),
  plateColor: Type.Optional(Type.Integer({ minimum: 0, maximum: 9 })),
  type: Short(16),
  accountId: Type.Optional(Id()),
  groupId: GroupRef,
  driver: Short(40),
  driverPhone: Short(20),
  icon: Short(200),
  remark: Short(200),
  /** the terminal to put in the vehicle; '' on update unbinds it */
  terminalId: Short(24),
  /** needed when the terminal is new */
  protocol: Short(16),
  model: Short(40),
  sim: Short(24),
  serviceExpiresAt: Type.Optional(TimeParam),
  /** km/h; 0 or '' clears it (the platform default applies) */
  speedLimitKmh: Type.Optional(Type.Union([SpeedLimitKmh(), Type.Literal('')])),
};
const VehicleAdd = Type.Object(vehicleFields);
const VehicleUpdate = Type.Object({ vehicleId: Id(), ...vehicleFields });
export type VehicleForm = Static<typeof VehicleAdd>;

const vehicleBase = '/car/v4/api/vehicle';

export const vehicleEndpoints = {
  list: endpoint({
    method: 'GET',
    path: `${vehicleBase}/list.json`,
    tag: '车辆',
    summary: '查询车辆',
    input: VehicleListQuery,
    answer: pageOf(VehicleSchema),
  }),
  detail: endpoint({
    method: 'GET',
    path: `${vehicleBase}/detail.json`,
    tag: '车辆',
    summary: '查看车辆',
    input: Type.Object({ vehicleId: Id() }),
    answer: VehicleSchema,
  }),
  add: endpoint({
    method: 'POST',
    path: `${vehicleBase}/add.json`,
    tag: '车辆',
    summary: '新增车辆',
    permission: 'car:vehicle:add',
    input: VehicleAdd,
    answer: VehicleSchema,
  }),
  update: endpoint({
    method: 'POST',
    path: `${vehicleBase}/update.json`,
    tag: '车辆',
    summary: '修改车辆',
    permission: 'car:vehicle:edit',
    input: VehicleUpdate,
    answer: VehicleSchema,
  }),
  /** vehicleIds comma-separated; their terminals stay in the account, unbound */
  delete: endpoint({
    method: 'POST',
    path: `${vehicleBase}/delete.json`,
    tag: '车辆',
    summary: '删除车辆',
    permission: 'car:vehicle:delete',
    input: Type.Object({ vehicleIds: IdList }),
    answer: Type.Object({ deleted: Type.Integer() }),
  }),
  /** to another account of the subtree and/or another group (0 = none); terminals move along */
  move: endpoint({
    method: 'POST',
    path: `${vehicleBase}/move.json`,
    tag: '车辆',
    summary: '移动车辆',
    permission: 'car:vehicle:edit',
    input: Type.Object({ vehicleIds: IdList, accountId: Type.Optional(Id()), groupId: GroupRef }),
    answer: Type.Object({ moved: Type.Integer() }),
  }),
  /** Checks an import sheet (multipart, as for import) row by row; writes nothing. The import's permission: it parses an uploaded file. */
  verify: endpoint({
    method: 'POST',
    path: `${vehicleBase}/vehicleVerify.json`,
    tag: '车辆',
    summary: '校验导入车辆',
    permission: 'car:vehicle:import',
    encoding: 'multipart',
    query: ImportOptionsQuery,
    answer: ImportVerifySchema,
  }),
  /** All or nothing: any bad row imports nothing and fails with the verify result as obj. */
  import: endpoint({
    method: 'POST',
    path: `${vehicleBase}/import.json`,
    tag: '车辆',
    summary: '批量导入车辆',
    permission: 'car:vehicle:import',
    encoding: 'multipart',
    query: ImportOptionsQuery,
    answer: ImportResultSchema,
  }),
  importTemplate: endpoint({
    method: 'GET|POST',
    path: `${vehicleBase}/importTemplate.json`,
    tag: '车辆',
    summary: '下载车辆导入模板',
    input: Type.Object({ format: Type.Optional(Type.Union([Type.Literal('xlsx'), Type.Literal('csv')])) }),
    produces: 'excel',
  }),
  /** The list's rows (same filters, at most 20 000) as an Excel file. */
  export: endpoint({
    method: 'GET|POST',
    path: `${vehicleBase}/export.json`,
    tag: '车辆',
    summary: '导出车辆',
    input: VehicleExportQuery,
    produces: 'excel',
    /** 车辆管理's list: a role that may not open the page may not take its rows away either */
    permission: 'car:vehicle',
  }),
};
