import type { FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import { kindsOf, monitorEndpoints } from '@chelian/contracts';
import type { AppContext } from '../context.ts';
import { caller } from '../http/auth.hook.ts';
import { socketRoute } from '../http/route.ts';
import { LiveConnection, type LiveSocket } from './liveConnection.ts';
import { TerminalKinds } from './terminalKinds.ts';
import { subjects } from '../bus/subjects.ts';

/**
 * The live feed (monitorEndpoints.live, WebSocket). The session is checked by the same hook as
 * every route, before the upgrade; a missing or expired one never gets a socket.
 */
export const liveRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  // Registered here, before the route, so only this plugin's routes can upgrade.
  await app.register(websocket, { options: { maxPayload: 4096 } });
  // An upgrade refused before the websocket plugin saw it (no session) got its HTTP answer; its
  // socket left HTTP's hands at the upgrade, so nothing else would ever close it.
  app.addHook('onResponse', async (request) => {
    if (request.headers.upgrade) request.raw.socket?.end();
  });

  // Every feed of a sub-product (product=) asks its terminals' kinds here; a terminal's change clears them.
  const terminalKinds = new TerminalKinds(ctx.db);
  const offChanges = ctx.bus.subscribe(subjects.allTerminalChanges, () => terminalKinds.clear());
  app.addHook('onClose', async () => offChanges());

  socketRoute(app, monitorEndpoints.live, (socket, input, request) => {
    const kinds = input.product ? { shown: kindsOf(input.product), of: terminalKinds } : null;
    void new LiveConnection(
      ctx,
      socket as unknown as LiveSocket,
      caller(request),
      request.auth!.sessionId,
      input.only === 'alarm',
      kinds,
    ).start();
  });
};
