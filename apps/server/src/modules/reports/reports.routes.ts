import type { FastifyInstance } from 'fastify';
import { monthlyReportEndpoints, reportEndpoints } from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import { caller } from '../../http/auth.hook.ts';
import { pageWindow } from '../../http/paging.ts';
import { route } from '../../http/route.ts';
import { presentAlarm } from '../../core/alarm.presenter.ts';
import { presentAlarmStatistics, presentMileagePage, presentOnlinePage, presentStayPage, presentTripPage } from './reports.presenter.ts';
import { ReportsService } from './reports.service.ts';
import { presentMonthlyPage } from './monthly.presenter.ts';
import { monthlyPage } from './monthly.service.ts';

/** The data-report pages' calls, read from the daily figures (see rollup.queries.ts). Their Excel files: reportSheets.ts. */
export const reportsRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  const reports = new ReportsService(ctx.db);

  route(app, reportEndpoints.mileage, async (query, request) => {
    const win = pageWindow(query);
    return presentMileagePage(await reports.daily(caller(request), query, win.sql), win);
  });

  route(app, reportEndpoints.online, async (query, request) => {
    const win = pageWindow(query);
    return presentOnlinePage(await reports.daily(caller(request), query, win.sql), win, Date.now());
  });

  route(app, reportEndpoints.alarmStatistics, async (query, request) => {
    const win = pageWindow(query);
    return presentAlarmStatistics(await reports.alarmCounts(caller(request), query, win.sql), win);
  });

  route(app, reportEndpoints.stay, async (query, request) => {
    const win = pageWindow(query);
    return presentStayPage(await reports.stays(caller(request), query, win.sql), win);
  });

  route(app, reportEndpoints.trip, async (query, request) => {
    const win = pageWindow(query);
    return presentTripPage(await reports.trips(caller(request), query, win.sql), win);
  });

  route(app, monthlyReportEndpoints.monthly, async (query, request) => {
    const win = pageWindow(query);
    return presentMonthlyPage(await monthlyPage(ctx.db, caller(request), query, win.sql), win);
  });

  route(app, reportEndpoints.alarmDetail, async (query, request) => {
    const win = pageWindow(query);
    const { total, rows } = await reports.alarms(caller(request), query, win.sql);
    return { total, current: win.current, pageSize: win.pageSize, list: rows.map(presentAlarm) };
  });
};
