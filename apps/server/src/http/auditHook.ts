import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuditChange, AuditTrail } from '../core/auditTrail.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by a service through `auditChange()`: the object it changed and its fields before and after. */
    auditChange: AuditChange | null;
    /** The catalogue code the request failed with (set by the error handler). */
    failureCode: string | null;
  }
}

/** Tells the audit log which object a write changed, and how (merged with what was said before). */
export function auditChange(request: FastifyRequest, change: AuditChange): void {
  request.auditChange = { ...request.auditChange, ...change };
}

/** Fields whose values never reach the log: passwords, codes, keys, tokens, session ids. */
const SECRET = /pass|pwd|secret|token|session|captcha|smscode|^code$|codekey|apikey|cipher/i;
const MAX_TEXT = 200;
const MAX_INPUT_CHARS = 4000;

/** jsonb refuses NUL characters: the log keeps a visible replacement instead. */
const withoutNul = (text: string) => (text.includes('\u0000') ? text.replaceAll('\u0000', '\uFFFD') : text);

/** The input as the log keeps it: secrets masked, long texts cut, NUL replaced, the whole bounded. */
export function loggedInput(input: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(input)) {
    const key = withoutNul(name);
    if (SECRET.test(key)) out[key] = '***';
    else if (typeof value === 'string') out[key] = withoutNul(value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value);
    else if (value === null || typeof value === 'number' || typeof value === 'boolean') out[key] = value;
    else {
      const text = JSON.stringify(value) ?? '';
      if (text.length <= MAX_TEXT && !text.includes('\\u0000')) out[key] = value;
      // kept as text: cut, and NUL (JSON writes it as \u0000, which jsonb refuses too) replaced
      else out[key] = `${text.slice(0, MAX_TEXT)}${text.length > MAX_TEXT ? '…' : ''}`.replaceAll('\\u0000', '\uFFFD');
    }
  }
  return JSON.stringify(out).length > MAX_INPUT_CHARS ? { fields: Object.keys(out), truncated: true } : out;
}

/** The object a write is about when its service did not say: the first id among the input's fields. */
function objectIdOf(input: Record<string, unknown>): string {
  for (const [key, value] of Object.entries(input)) {
    if (/(Id|Ids|id)$/.test(key) && value !== undefined && value !== null && value !== '') return String(value).slice(0, 200);
  }
  return '';
}

/**
 * Every write through the API (a POST endpoint of the table; queries answer GET|POST and are not
 * writes) goes to the audit trail once its answer is sent: who, from which address, what (the
 * endpoint's Chinese summary), which object, whether it succeeded, and what changed.
 */
export function installAuditHook(app: FastifyInstance, trail: AuditTrail) {
  app.decorateRequest('auditChange', null);
  app.decorateRequest('failureCode', null);
  app.addHook('onResponse', async (request, reply) => {
    const endpoint = request.routeOptions.config.endpoint;
    if (!endpoint || endpoint.method !== 'POST' || request.method !== 'POST') return;
    const body = typeof request.body === 'object' && request.body !== null ? (request.body as Record<string, unknown>) : {};
    const query = endpoint.query && typeof request.query === 'object' ? (request.query as Record<string, unknown>) : {};
    const input = { ...query, ...body };
    const user = request.auth?.user ?? null;
    const change = request.auditChange;
    trail.record({
      at: new Date(),
      userId: user?.userId ?? null,
      username: user?.username ?? (typeof body.username === 'string' ? body.username.slice(0, 64) : ''),
      accountPath: user?.accountPath ?? '/',
      ip: request.ip,
      method: request.method,
      path: endpoint.path,
      action: endpoint.summary,
      objectType: change?.objectType ?? endpoint.tag,
      objectId: change?.objectId !== undefined ? String(change.objectId) : objectIdOf(input),
      ok: reply.statusCode < 400 && request.failureCode === null,
      errorCode: request.failureCode ?? '',
      input: loggedInput(input),
      changes: change && (change.before || change.after) ? change : null,
    });
  });
}
