import type { IncomingMessage, ServerResponse, OutgoingHttpHeaders } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import client from 'prom-client';
import { registry } from '../core/metrics.ts';
import { rateLimitedError } from './errors.ts';
import { failureBody } from './errorHandler.ts';

/** Logins answered 429 before Fastify saw them, by why (docs/security.md, "Logins"). */
const refusedEarly = new client.Counter({
  name: 'chelian_http_logins_refused_early_total',
  help: 'Logins answered 429 before routing: their address is over its limit, or this second’s budget is spent',
  labelNames: ['reason'],
  registers: [registry],
});

/** Headers that belong to one answer, not to the template every early refusal copies. */
const OWN_HEADERS = new Set(['content-length', 'content-type', 'retry-after', 'x-request-id', 'date', 'connection', 'keep-alive']);

/** Addresses remembered at most; past it the oldest is forgotten (it meets the full path again). */
const MAX_ADDRESSES = 100_000;
/** Answers kept made, one per wait in seconds (a limit's window is a minute; the rest are made each time). */
const MAX_WAITS = 1_000;

/**
 * A login bound to be refused costs a flood's victim as much as the routing, hooks, error path and
 * audit of a whole request (~0.3 ms each at a thousand a second). This gate answers those logins in
 * the server's request listener, before Fastify: an address the rate limits refused a login for,
 * until its window ends, and any login once this second's budget is spent. The answer is the one the
 * full path gives (status, envelope, Retry-After, the security headers copied from the first full
 * refusal); the rate limits stay the authority, the gate only remembers their verdicts.
 */
export class LoginGate {
  private readonly refusedUntil = new Map<string, number>();
  private readonly logins = new Set<string>();
  private headers: OutgoingHttpHeaders | null = null;
  private readonly refusals = new Map<number, { status: number; headers: OutgoingHttpHeaders; body: Buffer }>();
  private readonly trust: ((address: string, hop: number) => boolean) | null;
  private budgetSpent: () => boolean = () => false;

  constructor(trustProxy: readonly string[]) {
    this.trust = trustProxy.length > 0 ? proxyAddr.compile([...trustProxy]) : null;
  }

  /** Whether this second's login budget is spent (http/rateLimits.ts keeps the budget). */
  budget(spent: () => boolean): void {
    this.budgetSpent = spent;
  }

  /** A login endpoint (method and path as routed). */
  watch(method: string, path: string): void {
    this.logins.add(`${method} ${path}`);
  }

  /** The rate limits refused a login from `address` for `seconds`. */
  refused(address: string, seconds: number): void {
    if (this.refusedUntil.size >= MAX_ADDRESSES && !this.refusedUntil.has(address)) {
      const oldest = this.refusedUntil.keys().next().value;
      if (oldest !== undefined) this.refusedUntil.delete(oldest);
    }
    this.refusedUntil.set(address, Date.now() + seconds * 1000);
  }

  /** Whether the gate still needs a full refusal's headers to copy. */
  get learning(): boolean {
    return this.headers === null;
  }

  learn(headers: Record<string, string | number | readonly string[] | undefined>): void {
    const kept = Object.entries(headers).filter(([name, value]) => value !== undefined && !OWN_HEADERS.has(name.toLowerCase()));
    this.headers = Object.fromEntries(kept) as OutgoingHttpHeaders;
    this.refusals.clear();
  }

  /** The answer for a wait of `seconds`, made once per wait (an error's stack and the JSON are the dear part). */
  private refusalFor(seconds: number, template: OutgoingHttpHeaders) {
    let refusal = this.refusals.get(seconds);
    if (!refusal) {
      const error = rateLimitedError(seconds);
      const body = Buffer.from(JSON.stringify(failureBody(error.entry, error.message)));
      const headers = {
        ...template,
        'content-type': 'application/json; charset=utf-8',
        'content-length': body.length,
        'retry-after': String(error.retryAfterSeconds),
      };
      refusal = { status: error.entry.status, headers, body };
      if (this.refusals.size < MAX_WAITS) this.refusals.set(seconds, refusal);
    }
    return refusal;
  }

  /** The client address as Fastify's request.ip says it (the peer, or X-Forwarded-For from a trusted proxy). */
  private addressOf(req: IncomingMessage): string {
    return this.trust ? proxyAddr(req, this.trust) : (req.socket.remoteAddress ?? '');
  }

  /** Answers `req` itself when it is a login bound to be refused; false: Fastify's to handle. */
  answer(req: IncomingMessage, res: ServerResponse): boolean {
    if (this.headers === null || req.method !== 'POST') return false;
    const url = req.url ?? '';
    const q = url.indexOf('?');
    if (!this.logins.has(`POST ${q < 0 ? url : url.slice(0, q)}`)) return false;
    let seconds = 0;
    let reason = 'budget';
    const address = this.addressOf(req);
    const until = this.refusedUntil.get(address);
    if (until !== undefined) {
      const left = until - Date.now();
      if (left > 0) {
        seconds = left / 1000;
        reason = 'address';
      } else this.refusedUntil.delete(address);
    }
    if (seconds === 0 && this.budgetSpent()) seconds = 1;
    if (seconds === 0) return false;
    const refusal = this.refusalFor(Math.max(1, Math.ceil(seconds)), this.headers);
    res.writeHead(refusal.status, refusal.headers);
    res.end(refusal.body);
    // The body is not read: drop it as it arrives, and let keep-alive go on.
    req.resume();
    refusedEarly.inc({ reason });
    return true;
  }
}
