import type { FastifyInstance } from 'fastify';
import { fleetReportEndpoints } from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import { caller } from '../../http/auth.hook.ts';
import { pageWindow } from '../../http/paging.ts';
import { route } from '../../http/route.ts';
import { presentAlarmHandle, presentExpirePage, presentOfflinePage } from './fleet.presenter.ts';
import { FleetReportsService } from './fleet.service.ts';

/** 离线报表, 到期报表 and 报警处理统计: the fleet as it is now. Their Excel files: fleetSheets.ts. */
export const fleetReportsRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  const reports = new FleetReportsService(ctx.db);

  route(app, fleetReportEndpoints.offline, async (query, request) => {
    const win = pageWindow(query);
    return presentOfflinePage(await reports.offline(caller(request), query, win.sql), win);
  });

  route(app, fleetReportEndpoints.expire, async (query, request) => {
    const win = pageWindow(query);
    return presentExpirePage(await reports.expire(caller(request), query, win.sql), win, Date.now());
  });

  route(app, fleetReportEndpoints.alarmHandle, async (query, request) =>
    presentAlarmHandle((await reports.alarmHandle(caller(request), query)).figures),
  );
};
