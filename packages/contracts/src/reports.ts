/**
 * Data reports (data-report sub-product, platform 20): read from the daily figures the jobs role
 * rolls up per terminal and Beijing day. Every call answers GET (query) and POST (form) alike.
 *
 * Common filters: startDate, endDate ('YYYY-MM-DD' Beijing days, both inclusive, at most
 * REPORT_MAX_DAYS), vehicleId, groupId (and the groups below it), accountId, keyword (plate,
 * name or terminal id), current, pageSize.
 */
import type { Static } from 'typebox';
import * as Type from 'typebox/type';
import { AlarmPageSchema, AlarmTypeCountSchema } from './alarms.ts';
import { endpoint } from './endpoint.ts';
import { defineErrors } from './errors.ts';
import { Id, Nullable, OneOf, PageQuery, pageOf } from './schemas.ts';

export const REPORT_MAX_DAYS = 31;

/** Where a day's mileage came from: the terminal's odometer, the fixes' distance, or nowhere (no positions). */
export const MILEAGE_SOURCES = ['odometer', 'gps', ''] as const;
export type MileageSource = (typeof MILEAGE_SOURCES)[number];

/** Export types for POST /car/v1/accelerate/export/exportDataReport.json (params: the filters as JSON). */
export const REPORT_EXPORT_TYPES = {
  mileage: 'mileageReport',
  online: 'carDayOnline',
  alarm: 'alarmInfo',
  stay: 'stayReport',
  trip: 'tripReport',
  monthly: 'monthlyReport',
  offline: 'offlineReport',
  expire: 'expireReport',
  alarmHandle: 'alarmHandleReport',
  overspeed: 'overspeedReport',
  acc: 'accReport',
} as const;

/** The stay report's shortest-stay choices (minutes) and its default, as the leading platforms offer. */
export const STAY_MIN_MINUTES = [1, 3, 5, 10, 30, 60] as const;
export const STAY_DEFAULT_MIN_MINUTES = 5;

/** The filters every report takes (also an export's params). */
export const reportFilterFields = {
  startDate: Type.Optional(Type.String({ maxLength: 10 })),
  endDate: Type.Optional(Type.String({ maxLength: 10 })),
  vehicleId: Type.Optional(Id()),
  groupId: Type.Optional(Id()),
  accountId: Type.Optional(Id()),
  keyword: Type.Optional(Type.String({ maxLength: 40 })),
};
const ReportFilters = Type.Object(reportFilterFields);
export type ReportFilters = Static<typeof ReportFilters>;

const ReportQuery = Type.Intersect([PageQuery, ReportFilters]);
export type ReportQuery = Static<typeof ReportQuery>;
/** types: comma-separated alarm types */
const AlarmDetailQuery = Type.Intersect([
  PageQuery,
  Type.Object({ ...reportFilterFields, types: Type.Optional(Type.String({ maxLength: 2000 })) }),
]);
export type AlarmDetailQuery = Static<typeof AlarmDetailQuery>;
const StayQuery = Type.Intersect([
  PageQuery,
  Type.Object({
    ...reportFilterFields,
    minMinutes: Type.Optional(Type.Integer({ minimum: STAY_MIN_MINUTES[0], maximum: 24 * 60 })),
  }),
]);
export type StayQuery = Static<typeof StayQuery>;

/** The vehicle columns every report row starts with. */
export const vehicleFields = {
  vehicleId: Type.Integer(),
  plate: Type.String(),
  name: Type.String(),
  groupName: Type.String(),
  accountName: Type.String(),
  terminalId: Type.String(),
};
export type ReportVehicle = Static<ReturnType<typeof Type.Object<typeof vehicleFields>>>;

/** One vehicle and day of the mileage report. */
export const MileageDaySchema = Type.Object({
  ...vehicleFields,
  day: Type.String(),
  /** km, 2 decimals */
  mileageKm: Type.Number(),
  /** '' when no positions that day */
  mileageSource: OneOf(MILEAGE_SOURCES),
  drivingSeconds: Type.Integer(),
  maxSpeed: Type.Number(),
  firstPositionAt: Nullable(Type.Number()),
  lastPositionAt: Nullable(Type.Number()),
  positionCount: Type.Integer(),
  alarmCount: Type.Integer(),
});
export type MileageDay = Static<typeof MileageDaySchema>;
const MileagePageSchema = pageOf(MileageDaySchema, {
  totals: Type.Object({ mileageKm: Type.Number(), drivingSeconds: Type.Integer(), maxSpeed: Type.Number(), alarmCount: Type.Integer() }),
});
export type MileagePage = Static<typeof MileagePageSchema>;

/** One vehicle and day of the online detail. */
export const OnlineDaySchema = Type.Object({
  ...vehicleFields,
  day: Type.String(),
  onlineSeconds: Type.Integer(),
  /** When it came online that day (the day's start when it was online since the day before). */
  firstOnlineAt: Nullable(Type.Number()),
  /** Its last going offline that day; null when it did not go offline that day. */
  lastOfflineAt: Nullable(Type.Number()),
  /** onlineSeconds over the seconds of the day passed since the terminal's hand-over (today: so far), 0–1, 4 decimals; null: none (the vehicle came later) */
  onlineRate: Nullable(Type.Number()),
});
export type OnlineDay = Static<typeof OnlineDaySchema>;
const OnlinePageSchema = pageOf(OnlineDaySchema, {
  totals: Type.Object({ onlineSeconds: Type.Integer(), onlineRate: Nullable(Type.Number()) }),
});
export type OnlinePage = Static<typeof OnlinePageSchema>;

/** Vehicles with alarms, most first. */
export const AlarmVehicleCountSchema = Type.Object({ ...vehicleFields, total: Type.Integer(), types: Type.Array(AlarmTypeCountSchema) });
export type AlarmVehicleCount = Static<typeof AlarmVehicleCountSchema>;
const AlarmStatisticsPageSchema = pageOf(AlarmVehicleCountSchema, {
  totals: Type.Object({ total: Type.Integer(), types: Type.Array(AlarmTypeCountSchema) }),
});
export type AlarmStatisticsPage = Static<typeof AlarmStatisticsPageSchema>;

/**
 * One stay (valid fixes below STOP_SPEED_KMH, playback's stop rule) of at least minMinutes. A stay
 * is counted within its Beijing day: one across midnight is two rows.
 */
export const StayRowSchema = Type.Object({
  ...vehicleFields,
  day: Type.String(),
  /** the stay's first fix, epoch ms */
  startAt: Type.Number(),
  /** when the vehicle was next seen moving, or the day's last fix so far */
  endAt: Type.Number(),
  seconds: Type.Integer(),
  /** where it stood (WGS-84, the first fix of the stay) */
  lon: Type.Number(),
  lat: Type.Number(),
  /** no moving fix after it yet (today: it may still be standing there) */
  open: Type.Boolean(),
});
export type StayRow = Static<typeof StayRowSchema>;
const StayPageSchema = pageOf(StayRowSchema, {
  totals: Type.Object({ stays: Type.Integer(), seconds: Type.Integer(), vehicles: Type.Integer() }),
});
export type StayPage = Static<typeof StayPageSchema>;

/**
 * One trip (行程): a vehicle's movement between two stops of at least minMinutes (the stay
 * report's stops, playback's stop rule), within its Beijing day. The first trip of a day starts at
 * the day's first fix, the last ends at its last fix unless the vehicle stands there.
 */
export const TripRowSchema = Type.Object({
  ...vehicleFields,
  day: Type.String(),
  /** the first moving fix after a stop (or the day's first fix), epoch ms */
  startAt: Type.Number(),
  /** the next stop's first fix (or the day's last fix), epoch ms */
  endAt: Type.Number(),
  seconds: Type.Integer(),
  /** great-circle km between its valid fixes, 2 decimals (GPS jumps left out, as the mileage) */
  distanceKm: Type.Number(),
  /** km/h over the whole trip, 1 decimal */
  avgSpeed: Type.Number(),
  maxSpeed: Type.Number(),
  /** WGS-84; null when the trip had no valid fix */
  startLon: Nullable(Type.Number()),
  startLat: Nullable(Type.Number()),
  endLon: Nullable(Type.Number()),
  endLat: Nullable(Type.Number()),
});
export type TripRow = Static<typeof TripRowSchema>;
const TripPageSchema = pageOf(TripRowSchema, {
  totals: Type.Object({ trips: Type.Integer(), seconds: Type.Integer(), vehicles: Type.Integer() }),
});
export type TripPage = Static<typeof TripPageSchema>;

const base = '/car/v1/accelerate/report';

export const reportEndpoints = {
  /** one row per vehicle and day */
  mileage: endpoint({
    method: 'GET|POST',
    path: `${base}/mileage/dayMileage.json`,
    tag: '数据报表',
    summary: '查询里程报表',
    permission: 'report:mileage',
    input: ReportQuery,
    answer: MileagePageSchema,
  }),
  /** one row per vehicle and day */
  online: endpoint({
    method: 'GET|POST',
    path: `${base}/online/dayOnline.json`,
    tag: '数据报表',
    summary: '查询在线明细',
    permission: 'report:online',
    input: ReportQuery,
    answer: OnlinePageSchema,
  }),
  alarmStatistics: endpoint({
    method: 'GET|POST',
    path: `${base}/alarm/alarmStatistics.json`,
    tag: '数据报表',
    summary: '统计车辆报警',
    permission: 'report:alarm',
    input: AlarmDetailQuery,
    answer: AlarmStatisticsPageSchema,
  }),
  /** The alarms themselves (as newQueryAlarm lists them), with the report's filters. */
  alarmDetail: endpoint({
    method: 'GET|POST',
    path: `${base}/alarm/alarmDetail.json`,
    tag: '数据报表',
    summary: '查询报警明细',
    permission: 'report:alarm',
    input: AlarmDetailQuery,
    answer: AlarmPageSchema,
  }),
  /** minMinutes defaults to STAY_DEFAULT_MIN_MINUTES; newest day first, then by plate and time */
  stay: endpoint({
    method: 'GET|POST',
    path: `${base}/stay/stayReport.json`,
    tag: '数据报表',
    summary: '查询停留报表',
    permission: 'report:stay',
    input: StayQuery,
    answer: StayPageSchema,
  }),
  /** minMinutes: the shortest stop that ends a trip (default STAY_DEFAULT_MIN_MINUTES); newest day first, then by plate and time */
  trip: endpoint({
    method: 'GET|POST',
    path: `${base}/trip/tripReport.json`,
    tag: '数据报表',
    summary: '查询行程报表',
    permission: 'report:trip',
    input: StayQuery,
    answer: TripPageSchema,
  }),
};

export const REPORT_ERRORS = defineErrors('report', {
  badDay: { msg: '请求参数错误：{field} 日期格式应为 YYYY-MM-DD', status: 400 },
  endBeforeStart: '结束日期不能早于开始日期',
  rangeTooLong: '查询时间范围不能超过{days}天',
  groupNotVisible: { msg: '分组不存在或无权访问', status: 404 },
});
