import type { FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import { Type } from 'typebox';
import type { AppContext } from '../context.ts';
import { caller } from '../http/auth.hook.ts';
import { LiveConnection, type LiveSocket } from './liveConnection.ts';

const LiveQuery = Type.Object({ sessionId: Type.Optional(Type.String({ maxLength: 128 })) });

/**
 * GET /ws/live?sessionId=… (WebSocket). The session is checked by the same hook as every route,
 * before the upgrade; a missing or expired one never gets a socket.
 */
export const liveRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  // Registered here, before the route, so only this plugin's routes can upgrade.
  await app.register(websocket, { options: { maxPayload: 4096 } });
  // An upgrade refused before the websocket plugin saw it (no session) got its HTTP answer; its
  // socket left HTTP's hands at the upgrade, so nothing else would ever close it.
  app.addHook('onResponse', async (request) => {
    if (request.headers.upgrade) request.raw.socket?.end();
  });

  app.get('/ws/live', { websocket: true, config: { raw: true }, schema: { querystring: LiveQuery } }, (socket, request) => {
    const auth = request.auth!;
    void new LiveConnection(ctx, socket as unknown as LiveSocket, caller(request), auth.sessionId).start();
  });
};
