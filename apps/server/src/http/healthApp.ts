import Fastify, { type FastifyInstance } from 'fastify';
import type { CoreContext } from '../context.ts';
import { installErrorHandlers } from './errorHandler.ts';
import { installOpsRoutes, requestId } from './opsRoutes.ts';
import { installSecurityHeaders } from './securityHeaders.ts';

/**
 * The HTTP side of a process that runs no API (`--role gateway`): `/healthz`, `/readyz` and
 * `/metrics` for the load balancer and Prometheus, the error envelope for anything else. None of the API
 * modules, the web app or the auth context is loaded.
 */
export async function buildHealthApp(ctx: CoreContext): Promise<FastifyInstance> {
  const app = Fastify({ loggerInstance: ctx.log, genReqId: requestId });
  installErrorHandlers(app);
  await installSecurityHeaders(app, ctx.config); // the same headers as the API's answers
  installOpsRoutes(app, ctx, { roles: ctx.config.roles });
  await app.ready();
  return app;
}
