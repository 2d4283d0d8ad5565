import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { COMMON_ERRORS } from '@chelian/contracts';
import type { CoreContext } from '../context.ts';
import { httpDuration, registry } from '../core/metrics.ts';
import { Readiness } from '../core/readiness.ts';
import { sendFailure } from './errorHandler.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's readiness (`/readyz`); server.ts marks it draining on SIGTERM. */
    readiness: Readiness;
  }
}

/** What every process answers for its operators, beside (or instead of) the API. Not API endpoints: no envelope, no session. */
export const OPS_PATHS = ['/healthz', '/readyz', '/metrics'];

/** A request id a load balancer may pass on (nginx `$request_id`): kept when it looks like one, else a new one. */
const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

export function requestId(request: { headers: Record<string, string | string[] | undefined> }): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomBytes(8).toString('hex');
}

/**
 * `/healthz` (liveness: the process runs), `/readyz` (readiness: 503 until the database and the
 * bus answer and while draining), `/metrics` (Prometheus text, core/metrics.ts; only with
 * `Authorization: Bearer METRICS_TOKEN`, else it answers as a path that does not exist), and the HTTP
 * latency histogram by route. Every response carries its request id (the one in its log lines).
 */
export function installOpsRoutes(app: FastifyInstance, ctx: CoreContext, health: Record<string, unknown> = {}) {
  const readiness = new Readiness(ctx.db, ctx.bus).start();
  app.decorate('readiness', readiness);
  app.addHook('onClose', async () => readiness.stop());

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    httpDuration.observe({ method: request.method, route: routeOf(request), status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });

  const ops = { config: { access: 'public' as const, raw: true } };
  app.get('/healthz', ops, async () => ({ status: 'ok', engine: ctx.db.engine, bus: ctx.bus.kind, ...health }));
  app.get('/readyz', ops, async (_request, reply) => {
    const answer = await readiness.check();
    reply.code(answer.ready ? 200 : 503).header('cache-control', 'no-store');
    return {
      status: answer.ready ? 'ready' : answer.draining ? 'draining' : 'unavailable',
      db: answer.db,
      bus: answer.bus,
      draining: answer.draining,
    };
  });
  app.get('/metrics', ops, async (request, reply) => {
    // Half a megabyte of internals (routes, pool, memory): for the operators' scraper only.
    if (!bearerMatches(request.headers.authorization, ctx.config.metricsToken)) return sendFailure(reply, COMMON_ERRORS.routeNotFound);
    reply.type(registry.contentType).header('cache-control', 'no-store');
    return registry.metrics();
  });
}

/** Whether the Authorization header carries the token (compared in constant time); never without a token. */
function bearerMatches(header: string | undefined, token: string | undefined): boolean {
  if (!token || !header?.startsWith('Bearer ')) return false;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(header.slice('Bearer '.length)), digest(token));
}

/** The registered path (bounded: one label per route), never the URL with its ids. */
function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? 'unmatched';
}
