import type { FastifyInstance } from 'fastify';
import {
  ASSET_KIND_NAMES,
  SERVICE_STATES,
  TERMINAL_ERRORS,
  vehicleEndpoints,
  type VehicleExportQuery,
  type VehicleForm,
} from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import { caller } from '../../http/auth.hook.ts';
import { pageWindow } from '../../http/paging.ts';
import { splitIds } from '../../http/listInput.ts';
import { route } from '../../http/route.ts';
import { AppError, oneOfOrRefuse } from '../../http/errors.ts';
import { parseOptionalTime } from '../../http/timeInput.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import { terminalScope } from '../../core/terminalScope.ts';
import { listedKinds } from '../../core/assetKinds.ts';
import { carKindOf } from './assets.ts';
import { containsPattern } from '../../db/likeText.ts';
import { presentVehicle } from './assets.presenter.ts';
import { protocolOf } from './terminals.service.ts';
import { vehiclesQueries, type VehicleFilter } from './vehicles.queries.ts';
import {
  createVehicle,
  deleteVehicles,
  moveVehicles,
  updateVehicle,
  vehicleWorkbook,
  visibleVehicles,
  type VehicleInput,
} from './vehicles.service.ts';

function vehicleInput(body: VehicleForm): VehicleInput {
  const serviceExpiresAt = parseOptionalTime(body.serviceExpiresAt, 'serviceExpiresAt');
  if (body.type && !carKindOf(body.type)) throw new AppError(TERMINAL_ERRORS.typeInvalid);
  return {
    name: body.name,
    plate: body.plate,
    plateColor: body.plateColor,
    type: body.type || undefined,
    accountId: body.accountId,
    groupId: body.groupId,
    driver: body.driver,
    driverPhone: body.driverPhone,
    icon: body.icon,
    remark: body.remark,
    speedLimitKmh: body.speedLimitKmh === '' ? 0 : body.speedLimitKmh,
    terminal:
      body.terminalId === undefined
        ? undefined
        : { identifier: body.terminalId, protocol: body.protocol, model: body.model, sim: body.sim, serviceExpiresAt },
  };
}

function vehicleFilter(user: SessionUser, query: VehicleExportQuery): VehicleFilter {
  return {
    scope: terminalScope(user),
    keyword: containsPattern(query.keyword),
    groupId: query.groupId ?? null,
    // a kind 智能车联 does not show (badge, pet) lists nothing; a word outside the kinds is refused
    kinds: listedKinds(
      'car',
      query.type ? oneOfOrRefuse(ASSET_KIND_NAMES, query.type, TERMINAL_ERRORS.typeUnknown, { value: 'type', list: 'types' }) : null,
    ),
    accountId: query.accountId ?? null,
    online: query.online ?? null,
    protocol: protocolOf(query.protocol) ?? null,
    serviceState: query.serviceState ? oneOfOrRefuse(SERVICE_STATES, query.serviceState, TERMINAL_ERRORS.vehicleServiceStateInvalid) : null,
  };
}

/** 智能车联's assets (its kinds: vehicles and e-bikes) with the terminal each carries. */
export function vehiclesRoutes(ctx: AppContext, app: FastifyInstance) {
  const detail = async (user: SessionUser, vehicleId: number) => presentVehicle((await visibleVehicles(ctx.db, user, [vehicleId]))[0]);

  route(app, vehicleEndpoints.list, async (query, request) => {
    const win = pageWindow(query);
    const { total, rows } = await vehiclesQueries.page(ctx.db, vehicleFilter(caller(request), query), win.sql.limit, win.sql.offset);
    return { total, current: win.current, pageSize: win.pageSize, list: rows.map(presentVehicle) };
  });

  route(app, vehicleEndpoints.detail, async (query, request) => detail(caller(request), query.vehicleId));

  route(app, vehicleEndpoints.add, async (body, request) => {
    const user = caller(request);
    return detail(user, await createVehicle(ctx.db, ctx.bus, user, vehicleInput(body)));
  });

  route(app, vehicleEndpoints.update, async (body, request) => {
    const user = caller(request);
    await updateVehicle(ctx.db, ctx.bus, user, body.vehicleId, vehicleInput(body));
    return detail(user, body.vehicleId);
  });

  route(app, vehicleEndpoints.delete, async (body, request) => ({
    deleted: await deleteVehicles(ctx.db, ctx.bus, caller(request), splitIds(body.vehicleIds, 'vehicleIds')),
  }));

  route(app, vehicleEndpoints.move, async (body, request) => ({
    moved: await moveVehicles(ctx.db, ctx.bus, caller(request), splitIds(body.vehicleIds, 'vehicleIds'), {
      accountId: body.accountId,
      groupId: body.groupId,
    }),
  }));

  route(app, vehicleEndpoints.export, async (query, request, reply) => {
    const book = await vehicleWorkbook(ctx.db, vehicleFilter(caller(request), query));
    const name = encodeURIComponent('车辆列表');
    return reply
      .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename*=UTF-8''${name}.xlsx`)
      .send(book);
  });
}
