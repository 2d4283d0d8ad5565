import type { FastifyInstance } from 'fastify';
import { geofenceEndpoints } from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import { caller } from '../../http/auth.hook.ts';
import { pageAnswer, pageWindow } from '../../http/paging.ts';
import { splitIds } from '../../http/listInput.ts';
import { route } from '../../http/route.ts';
import { scopeParam } from '../../core/accountScope.ts';
import { containsPattern } from '../../db/likeText.ts';
import { presentGeofence } from './geofences.presenter.ts';
import { geofencesQueries } from './geofences.queries.ts';
import { GeofencesService } from './geofences.service.ts';

/**
 * Geofences: circles and polygons drawn on the map, attached to vehicles. The engine that raises
 * their enter/exit alarms runs beside the terminal gateway (server.ts), not here.
 */
export const geofencesRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  const fences = new GeofencesService(ctx);
  const vehicleIdsOf = (list: string) => [...new Set(splitIds(list, 'vehicleIds', 5000))];

  route(app, geofenceEndpoints.list, async (query, request) => {
    const win = pageWindow(query);
    const { total, rows } = await geofencesQueries.page(ctx.db, {
      scope: scopeParam(caller(request)),
      keyword: containsPattern(query.keyword),
      accountId: query.accountId ?? null,
      ...win.sql,
    });
    return pageAnswer(win, total, rows.map(presentGeofence));
  });

  route(app, geofenceEndpoints.detail, async (query, request) => fences.detail(caller(request), query.geofenceId));

  route(app, geofenceEndpoints.vehicleFences, async (query, request) => fences.ofVehicle(caller(request), query.vehicleId));

  route(app, geofenceEndpoints.add, async (body, request) => fences.add(caller(request), body));

  route(app, geofenceEndpoints.update, async (body, request) => fences.update(caller(request), body.geofenceId, body));

  route(app, geofenceEndpoints.delete, async (body, request) => ({
    deleted: await fences.delete(caller(request), [...new Set(splitIds(body.geofenceIds, 'geofenceIds', 500))]),
  }));

  route(app, geofenceEndpoints.bindVehicles, async (body, request) =>
    fences.bind(caller(request), body.geofenceId, vehicleIdsOf(body.vehicleIds), body.replace ?? false),
  );

  route(app, geofenceEndpoints.unbindVehicles, async (body, request) =>
    fences.unbind(caller(request), body.geofenceId, vehicleIdsOf(body.vehicleIds)),
  );
};
