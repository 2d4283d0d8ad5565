import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import swaggerUi from 'swagger-ui-dist';
import type { EndpointSpec } from '@chelian/contracts';
import { openApiDocument } from './openapi.ts';
import type { RegisteredRoute } from './routeConfig.ts';

const VERSION = (JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../../../package.json'), 'utf8')) as { version: string })
  .version;

const PAGE = `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<title>车联 API 文档</title>
<link rel="stylesheet" href="/api-docs/assets/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api-docs/assets/swagger-ui-bundle.js"></script>
<script src="/api-docs/init.js"></script>
</body>
</html>
`;

const INIT = `window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#swagger-ui', deepLinking: true, docExpansion: 'none', defaultModelsExpandDepth: 0 });\n`;

/**
 * /openapi.json, made from the routes this server registered from the endpoint table, and
 * /api-docs, a reference page served from the swagger-ui-dist package (nothing is fetched from
 * outside). Registered after the modules: the document is made at the first request.
 */
export async function installApiDocs(app: FastifyInstance, routes: readonly RegisteredRoute[]) {
  let document: unknown;
  const docs = { access: 'public' as const, raw: true };
  app.get('/openapi.json', { config: docs }, async (_request, reply) => {
    document ??= openApiDocument(
      routes.filter((r): r is RegisteredRoute & { endpoint: EndpointSpec } => r.endpoint !== undefined),
      VERSION,
    );
    return reply.header('cache-control', 'no-cache').send(document);
  });
  app.get('/api-docs', { config: docs }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(PAGE),
  );
  app.get('/api-docs/init.js', { config: docs }, async (_request, reply) => reply.type('application/javascript; charset=utf-8').send(INIT));
  await app.register(fastifyStatic, {
    root: swaggerUi.getAbsoluteFSPath(),
    prefix: '/api-docs/assets/',
    decorateReply: false,
    wildcard: true,
    index: false,
  });
}
