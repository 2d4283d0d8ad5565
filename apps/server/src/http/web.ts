import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { SUB_SYSTEMS } from '@chelian/contracts';
import type { Config } from '../config.ts';

const API_PREFIXES = ['/car/v1/', '/car/v4/', '/oauth', '/oauthToken', '/healthz', '/readyz', '/metrics', '/ws', '/api/'];

/** Vite's output under assets/ is named `name-HASH.ext`: its content never changes under that name. */
const HASHED_ASSET = /^assets\/.+-[A-Za-z0-9_-]{8}\.[a-z0-9]+$/;

export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
/** Pages name the current build's assets: the browser must ask each time (a 304 when unchanged). */
export const CACHE_REVALIDATE = 'no-cache';
/** Unhashed public files (favicon, product icons): a redeploy shows within minutes. */
export const CACHE_SHORT = 'public, max-age=300';

/** Cache-Control of a built file, by its path inside the build folder. */
export function cacheControlOf(rel: string): string {
  if (rel.endsWith('.html')) return CACHE_REVALIDATE;
  if (HASHED_ASSET.test(rel)) return CACHE_IMMUTABLE;
  return CACHE_SHORT;
}

/**
 * Serves the built web app: the shell with history-mode fallback to index.html, each sub-product
 * at /child/{system}/ and the phone app at /m/ with fallback to its own page, and /runtime-config.js.
 *
 * Every file goes out as the build's brotli or gzip copy when the browser accepts one
 * (scripts/precompress.ts writes them; @fastify/static's `preCompressed` picks br, then gzip, then
 * the file itself, with the file's Content-Type and the copy's Content-Length), so the on-the-fly
 * compression of API answers is off for these routes.
 */
export async function installWeb(app: FastifyInstance, config: Config) {
  // Built per request from the server's settings, a few hundred bytes, and no validator to
  // revalidate against: stored nowhere, so a changed setting shows on the next page load.
  app.get('/runtime-config.js', { config: { access: 'public', raw: true } }, async (_request, reply) => {
    reply.type('application/javascript; charset=utf-8').header('cache-control', 'no-store');
    return `window.__CHELIAN_CONFIG__ = ${JSON.stringify(config.runtime)};\n`;
  });

  const dist = config.webDist;
  // serve: false — every file goes through sendFile below, which sets the cache headers. Files are
  // looked up per request, so a build made after the start (npm run build:web) is served at once.
  await app.register(fastifyStatic, {
    root: dist,
    serve: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    decorateReply: true,
  });

  const isFile = async (rel: string) =>
    !rel.includes('..') && (await fs.promises.stat(path.join(dist, rel)).catch(() => null))?.isFile() === true;

  const sendBuilt = (reply: FastifyReply, rel: string) =>
    reply.header('cache-control', cacheControlOf(rel)).header('vary', 'accept-encoding').sendFile(rel);

  const sendPage = (reply: FastifyReply, file: string) => {
    if (!fs.existsSync(path.join(dist, file))) {
      return reply
        .code(503)
        .type('text/html; charset=utf-8')
        .send('<!doctype html><meta charset="utf-8"><title>车联</title><p>网页尚未构建，请运行 npm run build:web 后刷新。</p>');
    }
    return sendBuilt(reply, file);
  };

  const route = { access: 'public', raw: true } as const;
  /** A page of its own under `dir`: its files, else its index.html (history mode: the app routes the rest). */
  const servePageApp = (dir: string) => {
    const page = `${dir}/index.html`;
    app.get(`/${dir}`, { config: route }, (_req, reply) => reply.redirect(`/${dir}/`));
    app.get(`/${dir}/*`, { config: route, compress: false }, async (request, reply) => {
      const rel = (request.params as { '*': string })['*'];
      const file = path.posix.join(dir, rel);
      if (rel && (await isFile(file))) return sendBuilt(reply, file);
      return sendPage(reply, page);
    });
  };
  for (const sys of SUB_SYSTEMS) servePageApp(`child/${sys.systemId}`);
  // 掌上车联, the phone app (docs/mobile.md); its manifest, icons and service worker are files under m/
  servePageApp('m');

  // Everything else: an existing built file (the build's /{hash}.json too), else the shell (history
  // mode), unless it is an API path or an unknown .json (an API call, not a page).
  app.get('/*', { config: route, compress: false }, async (request, reply) => {
    const url = request.url.split('?')[0];
    const rel = (request.params as { '*': string })['*'] ?? '';
    if (API_PREFIXES.some((p) => url.startsWith(p))) return reply.callNotFound();
    if (rel && (await isFile(rel))) return sendBuilt(reply, rel);
    // a chunk of an older build is gone: a 404 (not the shell page) lets the app offer a reload
    if (rel.startsWith('assets/') || url.endsWith('.json')) return reply.callNotFound();
    return sendPage(reply, 'index.html');
  });
}
