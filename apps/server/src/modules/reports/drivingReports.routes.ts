import type { FastifyInstance } from 'fastify';
import { drivingReportEndpoints } from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import { caller } from '../../http/auth.hook.ts';
import { pageWindow } from '../../http/paging.ts';
import { route } from '../../http/route.ts';
import { presentAccPage, presentOverspeedPage } from './drivingReports.presenter.ts';
import { DrivingReportsService } from './drivingReports.service.ts';

/** 超速报表 and ACC 报表, read from the raw positions of the range's days. Their Excel files: drivingSheets.ts. */
export const drivingReportsRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  const reports = new DrivingReportsService(ctx.db);

  route(app, drivingReportEndpoints.overspeed, async (query, request) => {
    const win = pageWindow(query);
    return presentOverspeedPage(await reports.overspeed(caller(request), query, win.sql), win);
  });

  route(app, drivingReportEndpoints.acc, async (query, request) => {
    const win = pageWindow(query);
    return presentAccPage(await reports.acc(caller(request), query, win.sql), win);
  });
};
