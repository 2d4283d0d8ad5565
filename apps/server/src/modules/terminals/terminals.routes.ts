import type { FastifyInstance } from 'fastify';
import { terminalEndpoints } from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import { caller } from '../../http/auth.hook.ts';
import { auditChange } from '../../http/auditHook.ts';
import { pageAnswer, pageWindow } from '../../http/paging.ts';
import { route } from '../../http/route.ts';
import { splitList } from '../../http/listInput.ts';
import { parseOptionalTime } from '../../http/timeInput.ts';
import { terminalScope } from '../../core/terminalScope.ts';
import { containsPattern } from '../../db/likeText.ts';
import { presentRenewal, presentRenewed, presentTerminal, serviceChange } from './assets.presenter.ts';
import { groupsRoutes } from './groups.routes.ts';
import { importRoutes } from './import.routes.ts';
import { pendingRoutes } from './pending.routes.ts';
import { terminalsQueries } from './terminals.queries.ts';
import {
  activateTerminals,
  addTerminal,
  moveTerminals,
  protocolOf,
  renewTerminals,
  serviceStateOf,
  terminalRenewals,
  updateTerminal,
  visibleTerminal,
} from './terminals.service.ts';
import { vehiclesRoutes } from './vehicles.routes.ts';

/** Terminals (the devices), vehicles and groups, import: the asset side of issue 4. */
export const terminalsRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  const detail = async (user: ReturnType<typeof caller>, identifier: string) =>
    presentTerminal(await visibleTerminal(ctx.db, user, identifier));

  route(app, terminalEndpoints.list, async (query, request) => {
    const win = pageWindow(query);
    const filter = {
      scope: terminalScope(caller(request)),
      keyword: containsPattern(query.keyword),
      protocol: protocolOf(query.protocol) ?? null,
      accountId: query.accountId ?? null,
      assigned: query.assigned ?? null,
      online: query.online ?? null,
      bound: query.bound ?? null,
      serviceState: serviceStateOf(query.serviceState),
      expiringDays: query.expiring ?? null,
    };
    const { total, rows } = await terminalsQueries.page(ctx.db, filter, win.sql.limit, win.sql.offset);
    return pageAnswer(win, total, rows.map(presentTerminal));
  });

  route(app, terminalEndpoints.detail, async (query, request) => detail(caller(request), query.terminalId));

  route(app, terminalEndpoints.add, async (body, request) => {
    const user = caller(request);
    const input = {
      identifier: body.terminalId,
      protocol: body.protocol,
      model: body.model,
      sim: body.sim,
      remark: body.remark,
      serviceExpiresAt: parseOptionalTime(body.serviceExpiresAt, 'serviceExpiresAt'),
    };
    return detail(user, await addTerminal(ctx.db, ctx.bus, user, input, body.accountId));
  });

  route(app, terminalEndpoints.update, async (body, request) => {
    const user = caller(request);
    const identifier = await updateTerminal(ctx.db, ctx.bus, user, body.terminalId, {
      protocol: body.protocol,
      model: body.model,
      sim: body.sim,
      enabled: body.enabled,
      remark: body.remark,
      serviceExpiresAt: parseOptionalTime(body.serviceExpiresAt, 'serviceExpiresAt'),
      activatedAt: parseOptionalTime(body.activatedAt, 'activatedAt'),
    });
    return detail(user, identifier);
  });

  route(app, terminalEndpoints.assign, async (body, request) => ({
    updated: await moveTerminals(ctx.db, ctx.bus, caller(request), splitList(body.terminalIds, 1000), body.accountId),
  }));

  route(app, terminalEndpoints.unassign, async (body, request) => ({
    updated: await moveTerminals(ctx.db, ctx.bus, caller(request), splitList(body.terminalIds, 1000), null),
  }));

  route(app, terminalEndpoints.renew, async (body, request) => {
    const renewed = await renewTerminals(ctx.db, ctx.bus, caller(request), splitList(body.terminalIds, 1000), body);
    auditChange(request, serviceChange(renewed));
    return { renewed: renewed.length, list: renewed.map(presentRenewed) };
  });

  route(app, terminalEndpoints.activate, async (body, request) => {
    const activated = await activateTerminals(ctx.db, ctx.bus, caller(request), splitList(body.terminalIds, 1000), body);
    auditChange(request, serviceChange(activated));
    return { activated: activated.length, list: activated.map(presentRenewed) };
  });

  route(app, terminalEndpoints.renewals, async (query, request) =>
    (await terminalRenewals(ctx.db, caller(request), query.terminalId)).map(presentRenewal),
  );

  vehiclesRoutes(ctx, app);
  groupsRoutes(ctx, app);
  importRoutes(ctx, app);
  pendingRoutes(ctx, app);
};
