import type { FastifyInstance } from 'fastify';
import { alarmPushEndpoints as api } from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import { caller } from '../../http/auth.hook.ts';
import { route } from '../../http/route.ts';
import { alarmSettings, AlarmSettingsService } from './alarmSettings.service.ts';

/** The whole table as `{ items }` (JSON), or one row as form fields. */
function itemsOf<T extends object>(body: { items: T[] } | T): T[] {
  return 'items' in body ? (body as { items: T[] }).items : [body as T];
}

/**
 * Alarm settings and push settings of the caller's account (spec §2 /center/alarmSetting,
 * /center/alarmPush): per type, and where pushes go. Deliveries: alarmDelivery.routes.ts.
 */
export const alarmSettingsRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  const settings = new AlarmSettingsService(ctx);

  route(app, api.listControls, async (_, request) => alarmSettings.controls(ctx.db, caller(request).accountId));
  route(app, api.saveControls, async (body, request) => settings.saveControls(caller(request).accountId, itemsOf(body)));
  route(app, api.listPushes, async (_, request) => alarmSettings.pushes(ctx.db, caller(request).accountId));
  route(app, api.savePushes, async (body, request) => settings.savePushes(caller(request).accountId, itemsOf(body)));
  route(app, api.getTargets, async (_, request) => alarmSettings.targets(ctx.db, caller(request).accountId));
  route(app, api.saveTargets, async (body, request) => settings.saveTargets(caller(request).accountId, body));
};
