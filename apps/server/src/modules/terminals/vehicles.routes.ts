import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import type { AppContext } from '../../context.ts';
import { caller } from '../../http/auth.hook.ts';
import { PageQuery, pageSchema, pageWindow } from '../../http/paging.ts';
import { splitIds } from '../../http/listInput.ts';
import { TimeParam, parseOptionalTime } from '../../http/timeInput.ts';
import { permission } from '../accounts/permissions.ts';
import { likeText } from './assets.ts';
import { VehicleSchema, presentVehicle } from './assets.presenter.ts';
import { terminalScope } from './terminalScope.ts';
import { vehiclesQueries } from './vehicles.queries.ts';
import { createVehicle, deleteVehicles, moveVehicles, updateVehicle, visibleVehicles, type VehicleInput } from './vehicles.service.ts';

const Id = Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1 });
const IdList = Type.String({ minLength: 1, maxLength: 20_000 });
const Short = (max: number) => Type.Optional(Type.String({ maxLength: max }));

const ListQuery = Type.Intersect([
  PageQuery,
  Type.Object({
    keyword: Short(40),
    groupId: Type.Optional(Id),
    type: Short(16),
    accountId: Type.Optional(Id),
    online: Type.Optional(Type.Boolean()),
  }),
]);

const VehicleFields = {
  name: Short(40),
  plate: Short(16),
  type: Short(16),
  accountId: Type.Optional(Id),
  groupId: Type.Optional(Type.Integer({ minimum: 0, maximum: 2 ** 53 - 1 })),
  driver: Short(40),
  driverPhone: Short(20),
  icon: Short(200),
  remark: Short(200),
  terminalId: Short(24),
  protocol: Short(16),
  model: Short(40),
  sim: Short(24),
  serviceExpiresAt: Type.Optional(TimeParam),
};
const AddBody = Type.Object(VehicleFields);
const UpdateBody = Type.Object({ vehicleId: Id, ...VehicleFields });
const IdsBody = Type.Object({ vehicleIds: IdList });
const MoveBody = Type.Object({ vehicleIds: IdList, accountId: Type.Optional(Id), groupId: Type.Optional(Type.Integer({ minimum: 0, maximum: 2 ** 53 - 1 })) });
const DetailQuery = Type.Object({ vehicleId: Id });

function vehicleInput(body: Static<typeof AddBody>): VehicleInput {
  const serviceExpiresAt = parseOptionalTime(body.serviceExpiresAt, 'serviceExpiresAt');
  return {
    name: body.name, plate: body.plate, type: body.type || undefined, accountId: body.accountId, groupId: body.groupId,
    driver: body.driver, driverPhone: body.driverPhone, icon: body.icon, remark: body.remark,
    terminal: body.terminalId === undefined ? undefined : { identifier: body.terminalId, protocol: body.protocol, model: body.model, sim: body.sim, serviceExpiresAt },
  };
}

/** Assets (vehicle, e-bike, badge, pet) with the terminal each carries. */
export function vehiclesRoutes(ctx: AppContext, app: FastifyInstance) {
  const base = '/car/v4/api/vehicle';
  const detail = async (request: FastifyRequest, vehicleId: number) => presentVehicle((await visibleVehicles(ctx.db, caller(request), [vehicleId]))[0]);

  app.get(`${base}/list.json`, { schema: { querystring: ListQuery, response: { 200: pageSchema(VehicleSchema) } } }, async (request) => {
    const query = request.query as Static<typeof ListQuery>;
    const win = pageWindow(query);
    const filter = {
      scope: terminalScope(caller(request)), keyword: likeText(query.keyword), groupId: query.groupId ?? null, type: query.type || null,
      accountId: query.accountId ?? null, online: query.online ?? null,
    };
    const { total, rows } = await vehiclesQueries.page(ctx.db, filter, win.sql.limit, win.sql.offset);
    return { total, current: win.current, pageSize: win.pageSize, list: rows.map(presentVehicle) };
  });

  app.get(`${base}/detail.json`, { schema: { querystring: DetailQuery, response: { 200: VehicleSchema } } }, async (request) =>
    detail(request, (request.query as Static<typeof DetailQuery>).vehicleId),
  );

  app.post(`${base}/add.json`, { config: { permission: permission('car:vehicle:add') }, schema: { body: AddBody, response: { 200: VehicleSchema } } }, async (request) => {
    const id = await createVehicle(ctx.db, ctx.bus, caller(request), vehicleInput(request.body as Static<typeof AddBody>));
    return detail(request, id);
  });

  app.post(`${base}/update.json`, { config: { permission: permission('car:vehicle:edit') }, schema: { body: UpdateBody, response: { 200: VehicleSchema } } }, async (request) => {
    const body = request.body as Static<typeof UpdateBody>;
    await updateVehicle(ctx.db, ctx.bus, caller(request), body.vehicleId, vehicleInput(body));
    return detail(request, body.vehicleId);
  });

  app.post(`${base}/delete.json`, { config: { permission: permission('car:vehicle:delete') }, schema: { body: IdsBody, response: { 200: Type.Object({ deleted: Type.Integer() }) } } }, async (request) => {
    const ids = splitIds((request.body as Static<typeof IdsBody>).vehicleIds, 'vehicleIds');
    return { deleted: await deleteVehicles(ctx.db, ctx.bus, caller(request), ids) };
  });

  app.post(`${base}/move.json`, { config: { permission: permission('car:vehicle:edit') }, schema: { body: MoveBody, response: { 200: Type.Object({ moved: Type.Integer() }) } } }, async (request) => {
    const body = request.body as Static<typeof MoveBody>;
    const ids = splitIds(body.vehicleIds, 'vehicleIds');
    return { moved: await moveVehicles(ctx.db, ctx.bus, caller(request), ids, { accountId: body.accountId, groupId: body.groupId }) };
  });
}
