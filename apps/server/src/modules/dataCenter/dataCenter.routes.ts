import type { FastifyInstance } from 'fastify';
import { dataCenterEndpoints } from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import { caller } from '../../http/auth.hook.ts';
import { route } from '../../http/route.ts';
import { DataCenterService } from './dataCenter.service.ts';

/** 数据中心: 数据总览 and the 运营大屏 read the same figures, each under its own menu's permission. */
export const dataCenterRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  const dataCenter = new DataCenterService(ctx.db);
  route(app, dataCenterEndpoints.overview, async (_input, request) => dataCenter.overview(caller(request)));
  route(app, dataCenterEndpoints.screen, async (_input, request) => dataCenter.overview(caller(request)));
};
