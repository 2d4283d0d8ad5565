/**
 * The fleet's state reports (data-report, menus 20008–20010): 离线报表 (vehicles offline now),
 * 到期报表 (terminals whose service ends soon or has ended) and 报警处理统计 (alarms handled and
 * not, per type and operator, and how long handling took). Answers GET (query) and POST (form) alike.
 */
import type { Static } from 'typebox';
import * as Type from 'typebox/type';
import { endpoint } from './endpoint.ts';
import { reportFilterFields, vehicleFields } from './reports.ts';
import { Nullable, PageQuery, pageOf } from './schemas.ts';
import { AlarmTypeSchema } from './alarms.ts';

const { startDate: _s, endDate: _e, ...scopeFields } = reportFilterFields;

/** 离线报表's shortest offline time choices (hours: 1 h, 1 day, 7 days, 30 days); none chosen lists every offline vehicle. */
export const OFFLINE_MIN_HOURS = [1, 24, 168, 720] as const;
/** all: offline now, whether or not ever seen; offline: seen before and offline now; never: never online. */
export const OFFLINE_KINDS = ['all', 'offline', 'never'] as const;
export type OfflineKind = (typeof OFFLINE_KINDS)[number];

export const offlineFilterFields = {
  ...scopeFields,
  /** at least this many hours offline (never-online vehicles always qualify) */
  minHours: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 * 8760 })),
  kind: Type.Optional(Type.Union([Type.Literal('all'), Type.Literal('offline'), Type.Literal('never')])),
};
const OfflineQuery = Type.Intersect([PageQuery, Type.Object(offlineFilterFields)]);
export type OfflineQuery = Static<typeof OfflineQuery>;

/** One vehicle offline now: longest offline first, never-online ones last. */
export const OfflineRowSchema = Type.Object({
  ...vehicleFields,
  neverOnline: Type.Boolean(),
  /** its last sign of life (epoch ms); null when never online */
  offlineSince: Nullable(Type.Number()),
  /** seconds from offlineSince to now */
  offlineSeconds: Nullable(Type.Integer()),
  /** its last position (WGS-84): null when none, or the previous owner's */
  lastPositionAt: Nullable(Type.Number()),
  lon: Nullable(Type.Number()),
  lat: Nullable(Type.Number()),
});
export type OfflineRow = Static<typeof OfflineRowSchema>;

/** How long the offline vehicles (the scope's, whatever minHours and kind) have been offline. */
export const OfflineDurationsSchema = Type.Object({
  under1h: Type.Integer(),
  under1d: Type.Integer(),
  under7d: Type.Integer(),
  under30d: Type.Integer(),
  over30d: Type.Integer(),
  never: Type.Integer(),
});
export type OfflineDurations = Static<typeof OfflineDurationsSchema>;

const OfflinePageSchema = pageOf(OfflineRowSchema, {
  totals: Type.Object({
    /** vehicles with a terminal in the scope and filters (vehicle, group, account, keyword) */
    vehicles: Type.Integer(),
    online: Type.Integer(),
    /** offline now, seen before */
    offline: Type.Integer(),
    neverOnline: Type.Integer(),
    durations: OfflineDurationsSchema,
  }),
});
export type OfflinePage = Static<typeof OfflinePageSchema>;

/** 到期报表's windows (days) and its default. */
export const EXPIRE_WITHIN_DAYS = [7, 30, 90] as const;
export const EXPIRE_DEFAULT_DAYS = 30;
/** all: expired and expiring within the window; expiring: not yet expired; expired: already. */
export const EXPIRE_STATUSES = ['all', 'expiring', 'expired'] as const;
export type ExpireStatus = (typeof EXPIRE_STATUSES)[number];

export const expireFilterFields = {
  ...scopeFields,
  withinDays: Type.Optional(Type.Integer({ minimum: 1, maximum: 3660 })),
  status: Type.Optional(Type.Union([Type.Literal('all'), Type.Literal('expiring'), Type.Literal('expired')])),
};
const ExpireQuery = Type.Intersect([PageQuery, Type.Object(expireFilterFields)]);
export type ExpireQuery = Static<typeof ExpireQuery>;

/** One vehicle whose terminal's service has ended or ends within the window: soonest (most overdue) first. */
export const ExpireRowSchema = Type.Object({
  ...vehicleFields,
  serviceExpiresAt: Type.Number(),
  /** whole days left (0 on the last day); once expired, minus the whole days since (0 within the first day) */
  daysLeft: Type.Integer(),
  expired: Type.Boolean(),
  activatedAt: Nullable(Type.Number()),
  online: Type.Boolean(),
});
export type ExpireRow = Static<typeof ExpireRowSchema>;
const ExpirePageSchema = pageOf(ExpireRowSchema, {
  totals: Type.Object({
    expired: Type.Integer(),
    /** not expired, ending within the window */
    expiring: Type.Integer(),
    within7: Type.Integer(),
    within30: Type.Integer(),
    within90: Type.Integer(),
  }),
});
export type ExpirePage = Static<typeof ExpirePageSchema>;

/** Alarms raised in the range, handled or not, and how long handling took (from arrival to handling). */
const HandleFigures = {
  total: Type.Integer(),
  handled: Type.Integer(),
  unhandled: Type.Integer(),
  /** seconds, null when none handled */
  medianSeconds: Nullable(Type.Integer()),
  p90Seconds: Nullable(Type.Integer()),
};
export const AlarmHandleTypeSchema = Type.Object({ type: AlarmTypeSchema, typeName: Type.String(), ...HandleFigures });
export type AlarmHandleType = Static<typeof AlarmHandleTypeSchema>;
/** One operator's handling (total = handled, unhandled = 0); userId null: a user deleted since. */
export const AlarmHandleOperatorSchema = Type.Object({ userId: Nullable(Type.Integer()), operatorName: Type.String(), ...HandleFigures });
export type AlarmHandleOperator = Static<typeof AlarmHandleOperatorSchema>;
const AlarmHandleAnswerSchema = Type.Object({
  totals: Type.Object(HandleFigures),
  /** most alarms first */
  byType: Type.Array(AlarmHandleTypeSchema),
  /** most handled first */
  byOperator: Type.Array(AlarmHandleOperatorSchema),
});
export type AlarmHandleAnswer = Static<typeof AlarmHandleAnswerSchema>;

const AlarmHandleQuery = Type.Object(reportFilterFields);
export type AlarmHandleQuery = Static<typeof AlarmHandleQuery>;

const base = '/car/v1/accelerate/report';

export const fleetReportEndpoints = {
  offline: endpoint({
    method: 'GET|POST',
    path: `${base}/offline/offlineReport.json`,
    tag: '数据报表',
    summary: '查询离线报表',
    permission: 'report:offline',
    input: OfflineQuery,
    answer: OfflinePageSchema,
  }),
  expire: endpoint({
    method: 'GET|POST',
    path: `${base}/expire/expireReport.json`,
    tag: '数据报表',
    summary: '查询到期报表',
    permission: 'report:expire',
    input: ExpireQuery,
    answer: ExpirePageSchema,
  }),
  /** the range's alarms (startDate..endDate, Beijing days), their handling as it is now */
  alarmHandle: endpoint({
    method: 'GET|POST',
    path: `${base}/alarm/alarmHandleReport.json`,
    tag: '数据报表',
    summary: '统计报警处理',
    permission: 'report:alarmHandle',
    input: AlarmHandleQuery,
    answer: AlarmHandleAnswerSchema,
  }),
};
