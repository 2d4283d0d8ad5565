import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { SUB_SYSTEMS } from '@chelian/contracts';
import type { Config } from '../config.ts';

const API_PREFIXES = ['/car/v1/', '/car/v4/', '/oauth', '/oauthToken', '/healthz', '/ws', '/api/'];

/**
 * Serves the built web app: the shell with history-mode fallback to index.html, and each
 * sub-product at /child/{system}/ with fallback to its own page. Also /runtime-config.js.
 */
export async function installWeb(app: FastifyInstance, config: Config) {
  app.get('/runtime-config.js', { config: { access: 'public', raw: true } }, async (_request, reply) => {
    reply.type('application/javascript; charset=utf-8').header('cache-control', 'no-store');
    return `window.__CHELIAN_CONFIG__ = ${JSON.stringify(config.runtime)};\n`;
  });

  const dist = config.webDist;
  const hasDist = fs.existsSync(path.join(dist, 'index.html'));
  if (hasDist) {
    await app.register(fastifyStatic, { root: dist, wildcard: false, index: false, serve: true, decorateReply: true });
  }

  const sendPage = (file: string) => (_req: unknown, reply: import('fastify').FastifyReply) => {
    if (!hasDist || !fs.existsSync(path.join(dist, file))) {
      return reply.code(503).type('text/html; charset=utf-8').send('<!doctype html><meta charset="utf-8"><title>车联</title><p>网页尚未构建，请运行 npm run build:web 后刷新。</p>');
    }
    return reply.header('cache-control', 'no-cache').sendFile(file);
  };

  for (const sys of SUB_SYSTEMS) {
    const file = `child/${sys.systemId}/index.html`;
    app.get(`/child/${sys.systemId}`, { config: { access: 'public', raw: true } }, (_req, reply) => reply.redirect(`/child/${sys.systemId}/`));
    app.get(`/child/${sys.systemId}/*`, { config: { access: 'public', raw: true } }, async (request, reply) => {
      const rel = (request.params as { '*': string })['*'];
      if (hasDist && rel && fs.existsSync(path.join(dist, 'child', sys.systemId, rel)) && !rel.includes('..')) {
        return reply.sendFile(path.join('child', sys.systemId, rel));
      }
      return sendPage(file)(request, reply);
    });
  }

  // Everything else: an existing built file, else the shell (history mode), unless it is an API path.
  app.get('/*', { config: { access: 'public', raw: true } }, async (request, reply) => {
    const url = request.url.split('?')[0];
    const rel = (request.params as { '*': string })['*'] ?? '';
    if (API_PREFIXES.some((p) => url.startsWith(p)) || url.endsWith('.json')) {
      return reply.callNotFound();
    }
    if (hasDist && rel && !rel.includes('..') && fs.existsSync(path.join(dist, rel)) && fs.statSync(path.join(dist, rel)).isFile()) {
      return reply.sendFile(rel);
    }
    return sendPage('index.html')(request, reply);
  });
}
