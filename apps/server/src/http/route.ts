import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, RouteOptions } from 'fastify';
import type { AnswerOf, EndpointSpec, InputOf } from '@chelian/contracts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The endpoint-table entry the route was registered from (OpenAPI, audit log). */
    endpoint?: EndpointSpec;
  }
}

/** What a handler returns: the answer's type, or anything for endpoints that send their own reply. */
type HandlerResult<E extends EndpointSpec> = E['produces'] extends string ? unknown : AnswerOf<E>;

export type EndpointHandler<E extends EndpointSpec> = (
  input: InputOf<E>,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<HandlerResult<E>>;

/**
 * Registers an endpoint of the table (packages/contracts) as Fastify route(s): its input and answer
 * schemas validate and serialize, its access and permission go to the auth hook, and the handler
 * receives the validated input typed from the same declaration. Success envelopes are added by
 * the route conventions (routeConfig.ts); failures come from the error handler.
 */
export function route<E extends EndpointSpec>(app: FastifyInstance, endpoint: E, handler: EndpointHandler<E>): void {
  const methods = endpoint.method === 'GET|POST' ? (['GET', 'POST'] as const) : [endpoint.method];
  const raw = endpoint.produces !== undefined;
  for (const method of methods) {
    const viaQuery = method === 'GET';
    const multipart = endpoint.encoding === 'multipart';
    const schema: FastifySchema = {};
    // An endpoint without input declares no query schema (Fastify warns of an undefined one).
    if (viaQuery) {
      if (endpoint.input) schema.querystring = endpoint.input;
    } else {
      if (endpoint.query) schema.querystring = endpoint.query;
      if (!multipart && endpoint.input) schema.body = endpoint.input;
    }
    if (endpoint.answer) schema.response = { 200: endpoint.answer };
    const options: RouteOptions = {
      method,
      url: endpoint.path,
      config: { access: endpoint.access ?? 'session', permission: endpoint.permission, raw, endpoint },
      schema,
      // The one place the validated request becomes the declared input type. Only what a schema
      // validated reaches the handler: a POST's query string only when the endpoint declares one.
      handler: (request, reply) => {
        const query = viaQuery || endpoint.query ? (request.query as object) : {};
        const body = viaQuery || multipart ? {} : (request.body as object);
        return handler({ ...query, ...body } as InputOf<E>, request, reply);
      },
    };
    app.route(options);
  }
}

/** The socket a WebSocket endpoint's handler gets (`ws`'s WebSocket). */
export type EndpointSocket = import('@fastify/websocket').WebSocket;

/**
 * Registers a WebSocket endpoint of the table (`produces: 'websocket'`): its input validates the
 * upgrade's query string, and the auth hook checks access and permission before the upgrade, as
 * for every route. The plugin registering it must have registered @fastify/websocket.
 */
export function socketRoute<E extends EndpointSpec & { produces: 'websocket' }>(
  app: FastifyInstance,
  endpoint: E,
  handler: (socket: EndpointSocket, input: InputOf<E>, request: FastifyRequest) => void,
): void {
  app.route({
    method: 'GET',
    url: endpoint.path,
    websocket: true,
    config: { access: endpoint.access ?? 'session', permission: endpoint.permission, raw: true, endpoint },
    schema: { querystring: endpoint.input },
    handler: (socket, request) => handler(socket, request.query as InputOf<E>, request),
  });
}
