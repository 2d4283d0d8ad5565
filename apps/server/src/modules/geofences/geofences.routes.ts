import type { FastifyInstance } from 'fastify';
import { Type, type Static } from 'typebox';
import type { Geofence, GeofenceBindForm, GeofenceDeleteResult, GeofenceDetail, GeofenceInput, GeofenceListQuery, GeofencePage, GeofenceUpdate } from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import { caller } from '../../http/auth.hook.ts';
import { requestOf, responseOf } from '../../http/contract.ts';
import { AppError } from '../../http/errors.ts';
import { PageQuery, pageSchema, pageWindow } from '../../http/paging.ts';
import { splitIds } from '../../http/listInput.ts';
import { permission } from '../../core/permissions.ts';
import { scopeParam } from '../../core/accountScope.ts';
import { likeText } from '../terminals/assets.ts';
import { visibleVehicles } from '../terminals/vehicles.service.ts';
import { FenceKindSchema, GeofenceSchema, LonLatSchema, presentGeofence } from './geofences.presenter.ts';
import { geofencesQueries } from './geofences.queries.ts';
import { MAX_FENCE_POINTS, announceFenceChange, attachVehicles, createFence, updateFence, visibleFences } from './geofences.service.ts';
import { startGeofenceEngine } from './geofenceEngine.ts';

const Id = Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1 });
const IdList = Type.String({ minLength: 1, maxLength: 20_000 });
const FenceFields = {
  name: Type.String({ minLength: 1, maxLength: 40 }),
  kind: FenceKindSchema,
  center: Type.Optional(LonLatSchema),
  radius: Type.Optional(Type.Number()),
  rings: Type.Optional(Type.Array(Type.Array(LonLatSchema, { maxItems: MAX_FENCE_POINTS }), { minItems: 1, maxItems: 20 })),
  alarmEnter: Type.Optional(Type.Boolean()),
  alarmExit: Type.Optional(Type.Boolean()),
  remark: Type.Optional(Type.String({ maxLength: 200 })),
  accountId: Type.Optional(Id),
};
const AddBody = requestOf<GeofenceInput>()(Type.Object(FenceFields));
const UpdateBody = requestOf<GeofenceUpdate>()(Type.Object({ geofenceId: Id, ...FenceFields }));
const ListQuery = requestOf<GeofenceListQuery>()(Type.Intersect([PageQuery, Type.Object({ keyword: Type.Optional(Type.String({ maxLength: 40 })), accountId: Type.Optional(Id) })]));
const FenceQuery = Type.Object({ geofenceId: Id });
const VehicleQuery = Type.Object({ vehicleId: Id });
const DeleteBody = Type.Object({ geofenceIds: IdList });
const BindBody = requestOf<GeofenceBindForm>()(Type.Object({ geofenceId: Id, vehicleIds: Type.String({ maxLength: 20_000 }), replace: Type.Optional(Type.Boolean()) }));
const UnbindBody = Type.Object({ geofenceId: Id, vehicleIds: IdList });
const Detail = responseOf<GeofenceDetail>()(Type.Intersect([GeofenceSchema, Type.Object({ vehicleIds: Type.Array(Type.Integer()) })]));
const GeofencePageSchema = responseOf<GeofencePage>()(pageSchema(GeofenceSchema));
const DeleteResult = responseOf<GeofenceDeleteResult>()(Type.Object({ deleted: Type.Integer() }));

/** Geofences: circles and polygons drawn on the map, attached to vehicles; the engine raises enter/exit alarms. */
export const geofencesRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  const base = '/car/v4/api/geofence';
  const view = { permission: permission('car:geofence') };
  const edit = { permission: permission('car:geofence:edit') };
  const detail = async (request: Parameters<typeof caller>[0], id: number): Promise<GeofenceDetail> => {
    const [fence] = await visibleFences(ctx.db, caller(request), [id]);
    return { ...presentGeofence(fence), vehicleIds: await geofencesQueries.vehicleIds(ctx.db, id) };
  };

  app.get(`${base}/list.json`, { config: view, schema: { querystring: ListQuery, response: { 200: GeofencePageSchema } } }, async (request): Promise<GeofencePage> => {
    const query = request.query as Static<typeof ListQuery>;
    const win = pageWindow(query);
    const { total, rows } = await geofencesQueries.page(ctx.db, { scope: scopeParam(caller(request)), keyword: likeText(query.keyword), accountId: query.accountId ?? null, ...win.sql });
    return { total, current: win.current, pageSize: win.pageSize, list: rows.map(presentGeofence) };
  });

  app.get(`${base}/detail.json`, { config: view, schema: { querystring: FenceQuery, response: { 200: Detail } } }, async (request) =>
    detail(request, (request.query as Static<typeof FenceQuery>).geofenceId),
  );

  app.get(`${base}/vehicleFences.json`, { config: view, schema: { querystring: VehicleQuery, response: { 200: Type.Array(GeofenceSchema) } } }, async (request): Promise<Geofence[]> => {
    const user = caller(request);
    const { vehicleId } = request.query as Static<typeof VehicleQuery>;
    await visibleVehicles(ctx.db, user, [vehicleId]);
    return (await geofencesQueries.ofVehicle(ctx.db, scopeParam(user), vehicleId)).map(presentGeofence);
  });

  app.post(`${base}/add.json`, { config: edit, schema: { body: AddBody, response: { 200: Detail } } }, async (request) => {
    const id = await ctx.db.tx((q) => createFence(q, caller(request), request.body as Static<typeof AddBody>));
    return detail(request, id);
  });

  app.post(`${base}/update.json`, { config: edit, schema: { body: UpdateBody, response: { 200: Detail } } }, async (request) => {
    const body = request.body as Static<typeof UpdateBody>;
    await ctx.db.tx((q) => updateFence(q, caller(request), body.geofenceId, body));
    announceFenceChange(ctx.bus);
    return detail(request, body.geofenceId);
  });

  app.post(`${base}/delete.json`, { config: edit, schema: { body: DeleteBody, response: { 200: DeleteResult } } }, async (request): Promise<GeofenceDeleteResult> => {
    const ids = [...new Set(splitIds((request.body as Static<typeof DeleteBody>).geofenceIds, 'geofenceIds', 500))];
    const deleted = await ctx.db.tx(async (q) => {
      await visibleFences(q, caller(request), ids);
      return geofencesQueries.delete(q, ids);
    });
    announceFenceChange(ctx.bus);
    return { deleted };
  });

  app.post(`${base}/bindVehicles.json`, { config: edit, schema: { body: BindBody, response: { 200: Detail } } }, async (request) => {
    const body = request.body as Static<typeof BindBody>;
    const vehicleIds = [...new Set(splitIds(body.vehicleIds, 'vehicleIds', 5000))];
    if (vehicleIds.length === 0 && !body.replace) throw new AppError('badRequest', '请选择车辆');
    await ctx.db.tx((q) => attachVehicles(q, caller(request), body.geofenceId, vehicleIds, body.replace ?? false));
    announceFenceChange(ctx.bus);
    return detail(request, body.geofenceId);
  });

  app.post(`${base}/unbindVehicles.json`, { config: edit, schema: { body: UnbindBody, response: { 200: Detail } } }, async (request) => {
    const body = request.body as Static<typeof UnbindBody>;
    const vehicleIds = [...new Set(splitIds(body.vehicleIds, 'vehicleIds', 5000))];
    await ctx.db.tx(async (q) => {
      await visibleFences(q, caller(request), [body.geofenceId]);
      await geofencesQueries.detach(q, body.geofenceId, vehicleIds);
    });
    announceFenceChange(ctx.bus);
    return detail(request, body.geofenceId);
  });

  // Positions arrive where terminals are served: the engine runs in processes with the gateway role.
  if (ctx.config.roles.includes('gateway')) {
    const stop = startGeofenceEngine(ctx);
    app.addHook('onClose', async () => stop());
  }
};
