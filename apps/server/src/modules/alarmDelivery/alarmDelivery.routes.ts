import type { FastifyInstance } from 'fastify';
import { alarmPushEndpoints as api } from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import { caller } from '../../http/auth.hook.ts';
import { route } from '../../http/route.ts';
import { MqttPool } from './channels/mqttPool.ts';
import { AlarmDeliverer } from './deliverer.service.ts';
import { AlarmDeliveryService } from './alarmDelivery.service.ts';

/** The delivery log (an alarm's deliveries, an account's failures), retrying, browser notifications and the test button. */
export const alarmDeliveryRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  // The test button sends from the API process; its broker connections close with the app.
  const pool = new MqttPool('chelian-test');
  app.addHook('onClose', () => pool.close());
  const deliveries = new AlarmDeliveryService(
    ctx,
    new AlarmDeliverer(ctx.db, ctx.smsGateway, pool, ctx.log, { allowPrivateTargets: ctx.config.pushAllowPrivateTargets }),
  );

  route(app, api.listDeliveries, async (query, request) => deliveries.ofAlarm(caller(request), query.alarmId));
  route(app, api.listFailures, async (query, request) => deliveries.troubles(caller(request), query));
  route(app, api.retryDelivery, async (body, request) => deliveries.retry(caller(request), body.deliveryId));
  route(app, api.browserNotices, async (query, request) => deliveries.browserNotices(caller(request), query.afterId));
  route(app, api.testPush, async (body, request) => deliveries.sendTest(caller(request), body.channel));
};
