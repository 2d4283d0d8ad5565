/** 电单车租赁's risk and operations (server risk.routes.ts): overdue contracts, reminders, the remote lock, risk settings, service areas, statistics. */
import * as Type from 'typebox/type';
import { endpoint } from './endpoint.ts';
import { Id, OneOfChecked, pageOf } from './schemas.ts';
import {
  LeaseOverdueSchema,
  LeaseLockSchema,
  LeaseSettingsSchema,
  LeaseAreaSchema,
  LEASE_AREA_KINDS,
  type LeaseAreaKind,
  text,
  ContractDetail,
  StatsAnswer,
  LEASE_API as base,
  LEASE_TAG as tag,
  LeasePage as Page,
} from './elecLeaseSchemas.ts';

const StatsQuery = Type.Object({ startDate: text(10), endDate: text(10) });

export const elecLeaseRiskEndpoints = {
  overdue: endpoint({
    method: 'GET',
    path: `${base}/risk/overdue.json`,
    tag,
    summary: '查询逾期订单',
    input: Page({ keyword: text(40) }),
    answer: pageOf(LeaseOverdueSchema),
  }),
  remind: endpoint({
    method: 'POST',
    path: `${base}/risk/remind.json`,
    tag,
    summary: '催缴提醒',
    permission: 'lease:risk:lock',
    input: Type.Object({ contractId: Id(), text: text(200) }),
    answer: ContractDetail,
  }),
  lock: endpoint({
    method: 'POST',
    path: `${base}/risk/lock.json`,
    tag,
    summary: '远程锁车',
    permission: 'lease:risk:lock',
    input: Type.Object({ contractId: Id(), reason: Type.String({ minLength: 1, maxLength: 200 }) }),
    answer: LeaseLockSchema,
  }),
  unlock: endpoint({
    method: 'POST',
    path: `${base}/risk/unlock.json`,
    tag,
    summary: '远程解锁',
    permission: 'lease:risk:lock',
    input: Type.Object({ contractId: Id(), reason: Type.String({ minLength: 1, maxLength: 200 }) }),
    answer: LeaseLockSchema,
  }),
  locks: endpoint({
    method: 'GET',
    path: `${base}/risk/locks.json`,
    tag,
    summary: '查询锁车记录',
    input: Page({ contractId: Type.Optional(Id()) }),
    answer: pageOf(LeaseLockSchema),
  }),
  settings: endpoint({ method: 'GET', path: `${base}/risk/settings.json`, tag, summary: '查询风控设置', answer: LeaseSettingsSchema }),
  saveSettings: endpoint({
    method: 'POST',
    path: `${base}/risk/saveSettings.json`,
    tag,
    summary: '保存风控设置',
    permission: 'lease:risk:edit',
    input: Type.Object({
      graceDays: Type.Integer({ minimum: 0, maximum: 60 }),
      lockOnOverdue: Type.Boolean(),
      lockOutOfArea: Type.Boolean(),
      lockOnTamper: Type.Boolean(),
    }),
    answer: LeaseSettingsSchema,
  }),

  areas: endpoint({ method: 'GET', path: `${base}/area/list.json`, tag, summary: '查询服务区域', answer: Type.Array(LeaseAreaSchema) }),
  setArea: endpoint({
    method: 'POST',
    path: `${base}/area/set.json`,
    tag,
    summary: '设置服务区域',
    permission: 'lease:area:edit',
    /** kind: a LEASE_AREA_KINDS key, or '' to make the fence no area again */
    input: Type.Object({
      geofenceId: Id(),
      kind: OneOfChecked(['', ...(Object.keys(LEASE_AREA_KINDS) as LeaseAreaKind[])], { maxLength: 16 }),
    }),
    answer: Type.Array(LeaseAreaSchema),
  }),

  stats: endpoint({ method: 'GET', path: `${base}/stats/summary.json`, tag, summary: '运营统计', input: StatsQuery, answer: StatsAnswer }),
  exportStats: endpoint({
    method: 'GET',
    path: `${base}/stats/export.json`,
    tag,
    summary: '导出运营统计',
    input: StatsQuery,
    produces: 'excel',
    permission: 'lease:stats',
  }),
};
