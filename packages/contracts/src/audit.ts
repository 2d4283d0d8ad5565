/** The operation log (操作日志, 系统管理): every write through the API, searchable. */
import type { Static } from 'typebox';
import * as Type from 'typebox/type';
import { endpoint } from './endpoint.ts';
import { defineErrors } from './errors.ts';
import { Nullable, PageQuery, StringRecord, TimeParam, pageOf } from './schemas.ts';

const FieldValues = StringRecord(Type.Unknown());

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
