import type { FastifyInstance, RouteOptions } from 'fastify';
import type { TSchema } from 'typebox';
import type { EndpointSpec } from '@chelian/contracts';
import { envelopeSchema, success } from './envelope.ts';
import type { Permission } from '../core/permissions.ts';
import type { SessionUser } from '../core/sessionUser.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'public' needs no session; default 'session'. */
    access?: 'public' | 'session';
    /** Resource code the caller's role must hold (menu or button permission). */
    permission?: Permission;
    /** The handler sends its own reply (files, scripts): no envelope. */
    raw?: boolean;
  }
  interface FastifyRequest {
    auth: { sessionId: string; user: SessionUser } | null;
  }
}

export interface RegisteredRoute {
  method: string;
  url: string;
  access: 'public' | 'session';
  permission?: Permission;
  raw: boolean;
  hasBody: boolean;
  querystring?: unknown;
  body?: unknown;
  /** The endpoint-table entry it was registered from; absent for the web app's own files and pages. */
  endpoint?: EndpointSpec;
  /** A built file of the web app (served by @fastify/static). */
  file: boolean;
}

/**
 * Every API route passes through here once: its handler's return value becomes the success
 * envelope and its declared 200 schema is wrapped the same way. The list of routes feeds the
 * access and bad-input tests.
 */
export function installRouteConventions(app: FastifyInstance, registry: RegisteredRoute[]) {
  app.addHook('onRoute', (route: RouteOptions) => {
    // @fastify/static (wildcard: false) registers one route per built file, marked by config.file:
    // the web app's own files are public and are not API calls.
    const file = Boolean((route.config as { file?: string } | undefined)?.file);
    if (file) route.config = { ...route.config, access: 'public', raw: true };
    const config = (route.config ?? {}) as {
      access?: 'public' | 'session';
      permission?: Permission;
      raw?: boolean;
      endpoint?: EndpointSpec;
    };
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (route.url.includes('*')) return; // static file fallbacks
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      registry.push({
        method,
        url: route.url,
        access: config.access ?? 'session',
        permission: config.permission,
        raw: config.raw ?? false,
        hasBody: method === 'POST' || method === 'PUT' || method === 'PATCH' || method === 'DELETE',
        querystring: route.schema?.querystring,
        body: route.schema?.body,
        endpoint: config.endpoint,
        file,
      });
    }
    if (config.raw) return;
    const handler = route.handler;
    route.handler = async function wrapped(this: FastifyInstance, request, reply) {
      const data = await handler.call(this, request, reply);
      if (reply.sent) return reply;
      return success(data ?? null);
    };
    const response = route.schema?.response as Record<string, TSchema> | undefined;
    if (response?.[200]) {
      route.schema = { ...route.schema, response: { ...response, 200: envelopeSchema(response[200]) } };
    }
  });
}
