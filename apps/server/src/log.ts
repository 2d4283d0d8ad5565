import pino, { type DestinationStream } from 'pino';
import type { FastifyBaseLogger } from 'fastify';

/** Field names whose values never reach a log line: passwords (clear or RSA ciphertext), sessions, SMS codes, captcha answers. */
const SECRET_NAMES = [
  'password',
  'oldPassword',
  'newPassword',
  'confirmPassword',
  'sessionId',
  'sessionid',
  'smsCode',
  'captcha',
  'captchaCode',
  'verifyCode',
  'token',
  'cipher',
  'authorization',
  'cookie',
];

/** The same names as query-string parameters (case-insensitive): the export's iframe and the live socket carry sessionId in the URL. */
// (`code`, an SMS code or captcha answer in a query, only here: as a log field it is an error's code)
const SECRET_PARAM = new RegExp(`([?&](?:${SECRET_NAMES.join('|')}|code|codeKey)=)[^&#]*`, 'gi');

export const REDACTED = '[已隐藏]';

/** A URL with the values of secret query parameters replaced. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAM, `$1${REDACTED}`);
}

/** pino paths: each secret name at the top of a log object, one level down, and in request headers. */
const REDACT_PATHS = [
  ...SECRET_NAMES.flatMap((name) => [name, `*.${name}`]),
  'req.headers.sessionid',
  'req.headers.authorization',
  'req.headers.cookie',
  'content', // the SMS outbox's message text holds the code
];

interface RequestLike {
  method?: string;
  url?: string;
  host?: string;
  hostname?: string;
  ip?: string;
  id?: string;
  socket?: { remotePort?: number };
}

const serializers = {
  // Fastify logs { req } at every request: its URL may carry sessionId (iframe downloads, sockets).
  req: (req: RequestLike) => ({
    id: req.id,
    method: req.method,
    url: redactUrl(String(req.url ?? '')),
    host: req.host ?? req.hostname,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  }),
  url: (url: unknown) => (typeof url === 'string' ? redactUrl(url) : url),
  err: pino.stdSerializers.err,
};

/**
 * The process's logger (pino, JSON lines on stdout); Fastify takes the same instance. Secrets are
 * taken out before a line is written (docs/security.md, "Secrets in logs"), whatever logs them.
 */
export function createLogger(level = process.env.LOG_LEVEL ?? 'info', destination?: DestinationStream): FastifyBaseLogger {
  const options = { level, base: undefined, redact: { paths: REDACT_PATHS, censor: REDACTED }, serializers };
  return (destination ? pino(options, destination) : pino(options)) as unknown as FastifyBaseLogger;
}
