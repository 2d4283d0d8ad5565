import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import type { Config } from '../config.ts';

/** The origin (scheme://host[:port]) of a configured address, or null when it is empty or not a URL. */
export function originOf(address: string): string | null {
  if (!address.trim()) return null;
  try {
    // TILE_URL holds {z}/{x}/{y} and maybe {s}: the subdomain becomes CSP's host wildcard.
    const url = new URL(address.replace(/\{s\}/g, 'tile-s').replace(/\{[a-z]+\}/gi, '0'));
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    const host = address.includes('{s}') ? url.host.replace('tile-s', '*') : url.host;
    return `${url.protocol}//${host}`;
  } catch {
    return null;
  }
}

const present = (values: Array<string | null>) => values.filter((v): v is string => v !== null);

/**
 * The Content-Security-Policy the web app runs under (docs/security.md explains each source):
 * scripts only from this server (the built bundles, /runtime-config.js) and the assistant's
 * script host when AI_SCRIPT_URL is set; no inline script, no eval. Styles allow 'unsafe-inline'
 * because antd's CSS-in-JS inserts <style> elements at run time and echarts' tooltips and
 * MapLibre's markers carry style attributes; no nonce could cover the latter. MapLibre's worker
 * is a built file (worker-src 'self'); blob: stays for its image decoding. Map tiles come from
 * TILE_URL's host. frame-ancestors 'self': the shell embeds its sub-products, nobody else may.
 */
export function contentSecurityPolicy(config: Pick<Config, 'runtime' | 'servedOverHttps'>): Record<string, string[]> {
  const { runtime } = config;
  const api = originOf(runtime.baseUrl);
  const tiles = originOf(runtime.tileUrl);
  const assistantScript = originOf(runtime.aiScriptUrl);
  const assistantApi = originOf(runtime.aiBaseUrl);
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...present([assistantScript])],
    'style-src': ["'self'", "'unsafe-inline'", ...present([assistantScript])],
    // https: — a notice's rich text may show an image from any https address (richText.ts)
    'img-src': ["'self'", 'data:', 'blob:', 'https:', ...present([tiles, api, assistantScript])],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...(config.servedOverHttps ? ['wss:'] : ['ws:', 'wss:']), ...present([api, tiles, assistantApi])],
    'worker-src': ["'self'", 'blob:'],
    'frame-src': ["'self'", ...present([api, assistantApi])],
    'frame-ancestors': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
  if (config.servedOverHttps) directives['upgrade-insecure-requests'] = [];
  // one entry per source, in the order first given
  for (const key of Object.keys(directives)) directives[key] = [...new Set(directives[key])];
  return directives;
}

/** The policy as the header's text (for tests and for docs/security.md). */
export function policyText(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');
}

/**
 * Security headers on every answer (API, pages, files, errors): the CSP above, nosniff,
 * Referrer-Policy no-referrer (an export's iframe URL carries sessionId: no Referer may take it
 * elsewhere), COOP same-origin, CORP same-site, X-Frame-Options SAMEORIGIN for old browsers, and
 * HSTS only when SERVED_OVER_HTTPS says TLS is in front of us (over plain HTTP it would be ignored,
 * and on a mistaken setting it would lock browsers out).
 */
export async function installSecurityHeaders(app: FastifyInstance, config: Pick<Config, 'runtime' | 'servedOverHttps'>) {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-site' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: config.servedOverHttps ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'sameorigin' },
  });
}
