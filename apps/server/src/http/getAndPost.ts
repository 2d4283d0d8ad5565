import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import type { TSchema } from 'typebox';
import type { Permission } from '../core/permissions.ts';

/** The spec names some paths without their methods: each answers GET (query) and POST (form) alike. */
export function getAndPost(
  app: FastifyInstance,
  url: string,
  input: TSchema,
  output: TSchema,
  handler: (request: FastifyRequest, input: never) => Promise<unknown>,
  permission?: Permission,
) {
  const config: FastifyContextConfig = permission ? { permission } : {};
  app.get(url, { config, schema: { querystring: input, response: { 200: output } } }, (request) => handler(request, request.query as never));
  app.post(url, { config, schema: { body: input, response: { 200: output } } }, (request) => handler(request, request.body as never));
}
