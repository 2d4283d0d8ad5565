import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionResolver } from '../core/sessionUser.ts';
import { hasPermission } from '../core/permissions.ts';
import { COMMON_ERRORS } from '@chelian/contracts';
import { AppError } from './errors.ts';

/**
 * What a URL may carry the session for: what the browser fetches without our headers — a file in
 * the export iframe, an <img>, the live socket. Each such endpoint answers only the caller's own
 * data. Anywhere else a session in the query string is ignored, so a download link that leaks
 * (history, a proxy's log) opens no other door.
 */
const URL_SESSION_ANSWERS: ReadonlySet<string> = new Set(['excel', 'image', 'websocket']);

/** The session id comes in the sessionId header; downloads, images and sockets may carry it in the query. */
export function sessionIdOf(request: FastifyRequest): string | undefined {
  const header = request.headers.sessionid;
  if (typeof header === 'string' && header) return header;
  const produces = request.routeOptions.config?.endpoint?.produces;
  if (!produces || !URL_SESSION_ANSWERS.has(produces)) return undefined;
  const query = request.query as Record<string, unknown> | undefined;
  return typeof query?.sessionId === 'string' ? query.sessionId : undefined;
}

/**
 * Authentication and permission for every route, before the body is even parsed:
 * no live session → 4010 登录超时; a role without the route's resource → refused.
 */
export function installAuthHook(app: FastifyInstance, sessions: SessionResolver) {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (!request.routeOptions.url || request.routeOptions.url.includes('*')) return; // not-found and static
    if (config.access === 'public') {
      // Public routes still know the caller when a session is given (e.g. branding, notices).
      const sessionId = sessionIdOf(request);
      const user = sessionId ? await sessions.resolve(sessionId) : null;
      request.auth = user ? { sessionId: sessionId!, user } : null;
      return;
    }
    const sessionId = sessionIdOf(request);
    const user = await sessions.resolve(sessionId);
    if (!user) throw new AppError(COMMON_ERRORS.sessionExpired);
    if (!hasPermission(user.permissions, config.permission)) throw new AppError(COMMON_ERRORS.forbidden);
    request.auth = { sessionId: sessionId!, user };
  });
}

/** The caller of a protected route (the hook guarantees it is there). */
export function caller(request: FastifyRequest) {
  if (!request.auth) throw new AppError(COMMON_ERRORS.sessionExpired);
  return request.auth.user;
}
