import Fastify, { type FastifyInstance } from 'fastify';
import type { CoreContext } from '../context.ts';
import { installErrorHandlers } from './errorHandler.ts';

/**
 * The HTTP side of a process that runs no API (`--role gateway`): `/healthz` for the load
 * balancer in front of the gateways, the error envelope for anything else. None of the API
 * modules, the web app or the auth context is loaded.
 */
export async function buildHealthApp(ctx: CoreContext): Promise<FastifyInstance> {
  const app = Fastify({ loggerInstance: ctx.log });
  installErrorHandlers(app);
  app.get('/healthz', async () => ({ status: 'ok', engine: ctx.db.engine, bus: ctx.bus.kind, roles: ctx.config.roles }));
  await app.ready();
  return app;
}
