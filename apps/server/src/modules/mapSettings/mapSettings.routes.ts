import type { FastifyInstance } from 'fastify';
import { mapSettingsEndpoints } from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import { auditChange } from '../../http/auditHook.ts';
import { caller } from '../../http/auth.hook.ts';
import { route } from '../../http/route.ts';
import { MapSettingsService } from './mapSettings.service.ts';

/** 系统管理 › 地图设置, and the basemap every map reads (docs/maps.md). */
export const mapSettingsRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  const service = new MapSettingsService(ctx);

  route(app, mapSettingsEndpoints.basemap, async () => service.basemap());
  route(app, mapSettingsEndpoints.tile, async ({ z, x, y, layer }, _request, reply) => {
    const tile = await service.tile(z, x, y, layer ?? 0);
    // the style's address carries the basemap's version: a tile is never stale under its address
    return reply.header('cache-control', 'private, max-age=86400').type(tile.type).send(tile.bytes);
  });
  route(app, mapSettingsEndpoints.get, async (_input, request) => service.view(caller(request)));
  route(app, mapSettingsEndpoints.save, async (input, request) => {
    const { view, before, after } = await service.save(caller(request), input);
    auditChange(request, { objectType: '地图设置', objectId: 'map', before, after });
    return view;
  });
  route(app, mapSettingsEndpoints.test, async (input, request) => service.test(caller(request), input));
};
