import { createServer } from 'node:http';
import Fastify, { type FastifyInstance, type FastifyServerFactory } from 'fastify';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../context.ts';

/** An API module: an encapsulated Fastify plugin made from the app context. */
export type ApiModule = (ctx: AppContext) => (app: FastifyInstance) => Promise<void>;
import { installAuthHook } from './auth.hook.ts';
import { installErrorHandlers } from './errorHandler.ts';
import { installRouteConventions, type RegisteredRoute } from './routeConfig.ts';
import { installWeb } from './web.ts';
import { installApiDocs } from './apiDocs.ts';
import { installAuditHook } from './auditHook.ts';
import { installCompression } from './compression.ts';
import { installSecurityHeaders } from './securityHeaders.ts';
import { installRateLimits, limitedActionOf } from './rateLimits.ts';
import { LoginGate } from './loginGate.ts';
import { installOpsRoutes, requestId } from './opsRoutes.ts';
import { sharedSchemaCompilers } from './schemaCompilers.ts';

export type App = FastifyInstance;

export const BODY_LIMIT_BYTES = 1024 * 1024;
export const UPLOAD_LIMIT_BYTES = 10 * 1024 * 1024;

export interface BuiltApp {
  app: FastifyInstance;
  routes: RegisteredRoute[];
}

/**
 * The HTTP side: conventions first (they must see every route), then the given modules (the
 * composition root, modules/index.ts, names them: http/ never imports a feature) and the web app.
 */
export async function buildApp(ctx: AppContext, modules: readonly ApiModule[], opts: { logger?: boolean } = {}): Promise<BuiltApp> {
  const gate = new LoginGate(ctx.config.trustProxy);
  const app = Fastify({
    serverFactory: gatedServer(gate),
    loggerInstance: opts.logger === false ? undefined : ctx.log,
    bodyLimit: BODY_LIMIT_BYTES,
    // Only the configured proxies may say who the client is (X-Forwarded-For); none by default.
    trustProxy: ctx.config.trustProxy.length > 0 ? ctx.config.trustProxy : false,
    // The load balancer's id when it sends one (deploy/nginx: X-Request-Id), so its log and ours meet.
    genReqId: requestId,
    routerOptions: { maxParamLength: 200 },
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: true, useDefaults: true, allErrors: false } },
    schemaController: { compilersFactory: sharedSchemaCompilers() },
  }).withTypeProvider<TypeBoxTypeProvider>();
  const routes: RegisteredRoute[] = [];

  installErrorHandlers(app);
  // Headers on every answer, errors included; limits before the auth hook (a flood costs no session lookup).
  await installSecurityHeaders(app, ctx.config);
  await installRateLimits(app, ctx.config, gate);
  installRouteConventions(app, routes);
  installAuthHook(app, ctx.sessions);
  installAuditHook(app, ctx.audit);
  app.addHook('onClose', () => ctx.audit.flush());
  await installCompression(app);
  await app.register(formbody, { bodyLimit: BODY_LIMIT_BYTES });
  await app.register(multipart, { limits: { fileSize: UPLOAD_LIMIT_BYTES, files: 1, fields: 20, parts: 30 } });

  installOpsRoutes(app, ctx);
  for (const mod of modules) await app.register(mod(ctx));
  await installApiDocs(app, routes);
  await installWeb(app, ctx.config);
  await app.ready();
  for (const route of routes) if (route.endpoint && limitedActionOf(route.endpoint) === 'login') gate.watch(route.method, route.url);
  return { app, routes };
}

/** Fastify's own HTTP server (the same timeouts), with the login gate in front of its handler. */
function gatedServer(gate: LoginGate): FastifyServerFactory {
  return (handler, options) => {
    const server = createServer(options.http ?? {}, (req, res) => {
      if (!gate.answer(req, res)) handler(req, res);
    });
    const { keepAliveTimeout, requestTimeout, connectionTimeout, maxRequestsPerSocket } = options as Record<string, number | undefined>;
    server.keepAliveTimeout = keepAliveTimeout ?? server.keepAliveTimeout;
    server.requestTimeout = requestTimeout ?? server.requestTimeout;
    server.setTimeout(connectionTimeout ?? 0);
    if ((maxRequestsPerSocket ?? 0) > 0) server.maxRequestsPerSocket = maxRequestsPerSocket!;
    return server;
  };
}
