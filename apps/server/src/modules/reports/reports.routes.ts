import type { FastifyInstance } from 'fastify';
import { Type, type Static } from 'typebox';
import { STAY_MIN_MINUTES, type AlarmStatisticsPage, type MileagePage, type OnlinePage, type StayPage } from '@chelian/contracts';
import { responseOf } from '../../http/contract.ts';
import type { AppContext } from '../../context.ts';
import { caller } from '../../http/auth.hook.ts';
import { getAndPost } from '../../http/getAndPost.ts';
import { splitList } from '../../http/listInput.ts';
import { PageQuery, pageSchema, pageWindow } from '../../http/paging.ts';
import { Id } from '../../http/schemas.ts';
import { permission } from '../accounts/permissions.ts';
import { presentAlarm } from '../alarms/alarm.presenter.ts';
import { AlarmSchema } from '@chelian/contracts';
import { alarmsQueries } from '../alarms/alarms.queries.ts';
import { likeText } from '../terminals/assets.ts';
import {
  AlarmTypeCountSchema, AlarmVehicleCountSchema, MileageDaySchema, OnlineDaySchema, presentMileage, presentOnline, presentStay, round, StayRowSchema, sumTypes, typeCounts,
} from './reports.presenter.ts';
import { reportsQueries } from './reports.queries.ts';
import { filterSpan, reportFilter, stayMinMinutes } from './reports.service.ts';
// The three reports' Excel exports join the download centre's queue with this module.
import './reports.exports.ts';

export const ReportFilters = {
  startDate: Type.Optional(Type.String({ maxLength: 10 })),
  endDate: Type.Optional(Type.String({ maxLength: 10 })),
  vehicleId: Type.Optional(Id()),
  groupId: Type.Optional(Id()),
  accountId: Type.Optional(Id()),
  keyword: Type.Optional(Type.String({ maxLength: 40 })),
};
const ReportQuery = Type.Intersect([PageQuery, Type.Object(ReportFilters)]);
const AlarmQuery = Type.Intersect([PageQuery, Type.Object({ ...ReportFilters, types: Type.Optional(Type.String({ maxLength: 2000 })) })]);
const StayQuery = Type.Intersect([PageQuery, Type.Object({
  ...ReportFilters, minMinutes: Type.Optional(Type.Integer({ minimum: STAY_MIN_MINUTES[0], maximum: 24 * 60 })),
})]);
type ReportQuery = Static<typeof ReportQuery>;
type StayQuery = Static<typeof StayQuery>;
type AlarmQuery = Static<typeof AlarmQuery>;

const StayOut = responseOf<StayPage>()(pageSchema(StayRowSchema, { totals: Type.Object({ stays: Type.Integer(), seconds: Type.Integer(), vehicles: Type.Integer() }) }));
const MileageOut = pageSchema(MileageDaySchema, {
  totals: Type.Object({ mileageKm: Type.Number(), drivingSeconds: Type.Integer(), maxSpeed: Type.Number(), alarmCount: Type.Integer() }),
});
const OnlineOut = pageSchema(OnlineDaySchema, { totals: Type.Object({ onlineSeconds: Type.Integer(), onlineRate: Type.Number() }) });
const AlarmStatisticsOut = pageSchema(AlarmVehicleCountSchema, { totals: Type.Object({ total: Type.Integer(), types: Type.Array(AlarmTypeCountSchema) }) });

/** The data-report pages' calls, read from the daily figures (see rollup.queries.ts). */
export const reportsRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  const base = '/car/v1/accelerate/report';

  getAndPost(app, `${base}/mileage/dayMileage.json`, ReportQuery, MileageOut, async (request, query: ReportQuery): Promise<MileagePage> => {
    const win = pageWindow(query);
    const filter = await reportFilter(ctx.db, caller(request), query);
    const { totals, rows } = await reportsQueries.dailyPage(ctx.db, filter, win.sql.limit, win.sql.offset);
    return {
      total: totals.n, current: win.current, pageSize: win.pageSize, list: rows.map(presentMileage),
      totals: { mileageKm: round(totals.mileage_km, 2), drivingSeconds: totals.driving_seconds, maxSpeed: round(totals.max_speed, 1), alarmCount: totals.alarm_count },
    };
  }, permission('report:mileage'));

  getAndPost(app, `${base}/online/dayOnline.json`, ReportQuery, OnlineOut, async (request, query: ReportQuery): Promise<OnlinePage> => {
    const win = pageWindow(query);
    const filter = await reportFilter(ctx.db, caller(request), query);
    const { totals, rows } = await reportsQueries.dailyPage(ctx.db, filter, win.sql.limit, win.sql.offset);
    const now = Date.now();
    return {
      total: totals.n, current: win.current, pageSize: win.pageSize, list: rows.map((r) => presentOnline(r, now)),
      totals: { onlineSeconds: totals.online_seconds, onlineRate: totals.elapsed_seconds > 0 ? round(Math.min(1, totals.online_seconds / totals.elapsed_seconds), 4) : 0 },
    };
  }, permission('report:online'));

  getAndPost(app, `${base}/alarm/alarmStatistics.json`, ReportQuery, AlarmStatisticsOut, async (request, query: ReportQuery): Promise<AlarmStatisticsPage> => {
    const win = pageWindow(query);
    const filter = await reportFilter(ctx.db, caller(request), query);
    const { total, byType, rows } = await reportsQueries.alarmCounts(ctx.db, filter, win.sql.limit, win.sql.offset);
    return {
      total, current: win.current, pageSize: win.pageSize,
      list: rows.map((r) => ({
        vehicleId: r.vehicle_id, plate: r.plate, name: r.vehicle_name, groupName: r.group_name ?? '', accountName: r.account_name, terminalId: r.identifier,
        total: r.total, types: sumTypes(r.per_day),
      })),
      totals: { total: byType.reduce((s, t) => s + t.n, 0), types: typeCounts(byType.map((t) => [t.type, t.n])) },
    };
  }, permission('report:alarm'));

  getAndPost(app, `${base}/stay/stayReport.json`, StayQuery, StayOut, async (request, query: StayQuery): Promise<StayPage> => {
    const win = pageWindow(query);
    const filter = await reportFilter(ctx.db, caller(request), query);
    const { totals, rows } = await reportsQueries.stayPage(ctx.db, filter, stayMinMinutes(query.minMinutes) * 60, win.sql.limit, win.sql.offset);
    return {
      total: totals.n, current: win.current, pageSize: win.pageSize, list: rows.map(presentStay),
      totals: { stays: totals.n, seconds: Math.round(totals.seconds), vehicles: totals.vehicles },
    };
  }, permission('report:stay'));

  // The alarms themselves (not pre-aggregated: a paged, indexed list), with the report's filters.
  getAndPost(app, `${base}/alarm/alarmDetail.json`, AlarmQuery, pageSchema(AlarmSchema), async (request, query: AlarmQuery) => {
    const win = pageWindow(query);
    const filter = await reportFilter(ctx.db, caller(request), query);
    const { start, end } = filterSpan(filter);
    const types = splitList(query.types, 100);
    const { total, rows } = await alarmsQueries.page(ctx.db, {
      scope: filter.scope, terminalKey: null, vehicleId: filter.vehicleId, groupId: filter.groupId, types: types.length ? types : null,
      start, end, handled: null, keyword: likeText(filter.keyword ?? undefined), settingsAccountId: null,
    }, win.sql.limit, win.sql.offset);
    return { total, current: win.current, pageSize: win.pageSize, list: rows.map(presentAlarm) };
  }, permission('report:alarm'));
};
