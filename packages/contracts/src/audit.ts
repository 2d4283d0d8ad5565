/** The operation log (操作日志, 系统管理): every write through the API, searchable. */
import type { Static } from 'typebox';
import * as Type from 'typebox/type';
import { endpoint } from './endpoint.ts';
import { defineErrors } from './errors.ts';
import { Nullable, PageQuery, StringRecord, TimeParam, pageOf } from './schemas.ts';

const FieldValues = StringRecord(Type.Unknown());

/**
 * The objects a service names when it tells the log what it changed (`auditChange`, apps/server
 * http/auditHook.ts), as the log's 对象 column shows them. A write that names none is logged under its
 * endpoint's `tag`, so a record's `objectType` is one of these or a tag.
 */
export const AUDIT_OBJECT_TYPES = [
  '设备',
  '电单车',
  '人员',
  '考勤',
  '班组',
  '班次',
  '责任区域',
  '巡更计划',
  '工牌报警规则',
  '宠物',
  '宠物家庭成员',
  '宠物安全区域',
  '新国标备案',
  '新国标申报',
  '租赁订单',
  '验车照片',
  '租赁收款',
  '租赁退款',
  '原路退款',
  '租赁车辆',
  '租赁方案',
  '租赁门店',
  '门店人员',
  '骑手',
  '骑手在线支付',
  '骑手还车',
  '风控设置',
  '服务区域',
  '掌上车联用户',
  '掌上车联骑手',
  '地图设置',
  '品牌设置',
  '站内信/公告',
] as const;
export type AuditObjectType = (typeof AUDIT_OBJECT_TYPES)[number];

export const AuditRecordSchema = Type.Object({
  id: Type.Integer(),
  /** epoch ms */
  at: Type.Number(),
  userId: Nullable(Type.Integer()),
  username: Type.String(),
  ip: Type.String(),
  method: Type.String(),
  path: Type.String(),
  /** what was done, in Chinese (the endpoint's summary) */
  action: Type.String(),
  /** an AuditObjectType, or the endpoint's tag when the write named no object */
  objectType: Type.String(),
  objectId: Type.String(),
  ok: Type.Boolean(),
  /** the failure's stable code when it failed */
  errorCode: Type.String(),
  /** the input as sent, secrets masked */
  input: FieldValues,
  /** the changed fields before and after, where the service told */
  changes: Nullable(Type.Object({ before: Type.Optional(Nullable(FieldValues)), after: Type.Optional(Nullable(FieldValues)) })),
});
export type AuditRecord = Static<typeof AuditRecordSchema>;

const AuditQuery = Type.Intersect([
  PageQuery,
  Type.Object({
    /** user name (part of it) */
    username: Type.Optional(Type.String({ maxLength: 64 })),
    /** action text (part of it), e.g. 新增车辆 */
    action: Type.Optional(Type.String({ maxLength: 64 })),
    /** object type or id (part of it) */
    object: Type.Optional(Type.String({ maxLength: 64 })),
    ok: Type.Optional(Type.Boolean()),
    /** default: the last 7 days; at most 93 */
    start: Type.Optional(TimeParam),
    end: Type.Optional(TimeParam),
  }),
]);
export type AuditQuery = Static<typeof AuditQuery>;

export const auditEndpoints = {
  list: endpoint({
    method: 'GET|POST',
    path: '/car/v4/api/audit/list.json',
    tag: '操作日志',
    summary: '查询操作日志',
    permission: 'system:audit',
    input: AuditQuery,
    answer: pageOf(AuditRecordSchema),
  }),
};

export const AUDIT_ERRORS = defineErrors('audit', {
  endBeforeStart: '结束时间必须晚于开始时间',
  rangeTooLong: '查询时间范围不能超过{days}天',
});
