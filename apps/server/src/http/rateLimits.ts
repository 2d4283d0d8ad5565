import { once } from 'node:events';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { EndpointSpec } from '@chelian/contracts';
import type { Config, RateLimits } from '../config.ts';
import { AppError, rateLimitedError } from './errors.ts';
import type { LoginGate } from './loginGate.ts';
import { sessionIdOf } from './auth.hook.ts';

/** The endpoints with a limit of their own, beside the API's as a whole. */
export type LimitedAction = 'login' | 'captcha' | 'sms' | 'password' | 'export';

/**
 * Which limit an endpoint falls under, read from its declaration (its summary is its Chinese
 * action, its `produces` says a file): an endpoint added later is covered without a list here.
 */
export function limitedActionOf(endpoint: EndpointSpec): LimitedAction | null {
  const { summary } = endpoint;
  if (summary === '登录') return 'login';
  if (/^获取.*验证码/.test(summary)) return 'captcha';
  if (/^发送.*短信验证码/.test(summary)) return 'sms';
  if (/^(修改|重置).*密码/.test(summary)) return 'password';
  if (endpoint.produces === 'excel' || /^(导出|直接导出|创建导出任务)/.test(summary)) return 'export';
  return null;
}

const WINDOW_MS = 60_000;

type Check = (
  request: FastifyRequest,
) => Promise<{ isAllowed: boolean; isExceeded?: boolean; ttlInSeconds?: number; remaining?: number; max?: number }>;

/** The Redis connection the counts live in when REDIS_URL is set; closed with the app. */
async function redisFor(app: FastifyInstance, url: string | undefined) {
  if (!url) return undefined;
  const { Redis } = await import('ioredis');
  // Fail fast: a request never waits on an unreachable Redis (no offline queue; skipOnError lets
  // it through, uncounted). The start waits up to a second for the connection so counting begins at once.
  const redis = new Redis(url, { connectTimeout: 1000, maxRetriesPerRequest: 1, enableOfflineQueue: false });
  redis.on('error', (err) => app.log.warn({ err: err.message }, 'Redis（限流计数）不可用'));
  await Promise.race([once(redis, 'ready').catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return redis;
}

/**
 * At most `perSecond` calls a second in this process (whole clock seconds). Kept in memory on
 * purpose: it guards this process's CPU (a login costs a memory-hard hash), not a shared quota.
 */
export function perSecondBudget(perSecond: number): { take(): boolean; spent(): boolean } {
  let second = 0;
  let used = 0;
  const thisSecond = () => {
    const now = Math.floor(Date.now() / 1000);
    if (now !== second) {
      second = now;
      used = 0;
    }
  };
  return {
    take: () => (thisSecond(), ++used <= perSecond),
    spent: () => (thisSecond(), used >= perSecond),
  };
}

/**
 * Rate limits (@fastify/rate-limit's counters, in Redis when REDIS_URL is set so several API
 * processes share them, in memory otherwise), checked before authentication so a flood costs no
 * session lookup: every API endpoint per address and per session, and login, captcha and SMS per
 * address, password changes and exports per session, each per minute, and logins per second in
 * all (config.rateLimits; 0 turns one off). The address is the socket's peer unless it is a
 * configured proxy (TRUST_PROXY). Over a limit: HTTP 429, Retry-After, and common.rateLimited.
 */
export async function installRateLimits(app: FastifyInstance, config: Pick<Config, 'rateLimits' | 'redisUrl'>, gate?: LoginGate) {
  const redis = await redisFor(app, config.redisUrl);
  await app.register(rateLimit, { global: false, redis, nameSpace: 'chelian-rl:', skipOnError: true, timeWindow: WINDOW_MS });
  const limits: RateLimits = config.rateLimits;
  const checker = (name: string, max: number, key: (request: FastifyRequest) => string | null): Check | null =>
    max > 0
      ? (app.createRateLimit({
          max,
          timeWindow: WINDOW_MS,
          keyGenerator: (request: FastifyRequest) => `${name}:${key(request) ?? ''}`,
          allowList: (request: FastifyRequest) => key(request) === null,
        }) as Check)
      : null;
  const address = (request: FastifyRequest) => request.ip;
  const session = (request: FastifyRequest) => sessionIdOf(request) ?? null;
  const sessionOrAddress = (request: FastifyRequest) => (sessionIdOf(request) ? `s:${sessionIdOf(request)}` : `a:${request.ip}`);

  const apiAddress = checker('api-address', limits.apiPerAddress, address);
  const apiSession = checker('api-session', limits.apiPerSession, session);
  const byAction: Record<LimitedAction, Check | null> = {
    login: checker('login', limits.login, address),
    captcha: checker('captcha', limits.captcha, address),
    sms: checker('sms', limits.sms, address),
    password: checker('password', limits.password, sessionOrAddress),
    export: checker('export', limits.export, sessionOrAddress),
  };

  const enforce = async (check: Check | null, request: FastifyRequest) => {
    if (!check) return;
    const result = await check(request);
    if (result.isAllowed || !result.isExceeded) return;
    throw rateLimitedError(result.ttlInSeconds ?? 60);
  };
  // Logins past it wait for the next second: a flood from many addresses cannot hand the password
  // hashes all the CPU the terminals' replies need.
  const loginBudget = limits.loginPerSecond > 0 ? perSecondBudget(limits.loginPerSecond) : null;
  gate?.budget(() => loginBudget?.spent() ?? false);

  /** A login refused for its address: the gate answers the address's next logins itself until the window ends (http/loginGate.ts). */
  const refusedForAddress = async (check: Check | null, request: FastifyRequest) => {
    try {
      await enforce(check, request);
    } catch (err) {
      if (gate && err instanceof AppError) {
        gate.refused(request.ip, err.retryAfterSeconds ?? 1);
        if (gate.learning) request.teachesGate = true;
      }
      throw err;
    }
  };

  app.addHook('onRequest', async (request) => {
    const endpoint = request.routeOptions.config?.endpoint;
    if (!endpoint) return; // the web app's pages and files, health checks: not the API
    const action = limitedActionOf(endpoint);
    if (action !== 'login') {
      await enforce(apiAddress, request);
      await enforce(apiSession, request);
      if (action) await enforce(byAction[action], request);
      return;
    }
    await refusedForAddress(apiAddress, request);
    await enforce(apiSession, request);
    await refusedForAddress(byAction.login, request);
    if (loginBudget && !loginBudget.take()) {
      if (gate?.learning) request.teachesGate = true;
      throw rateLimitedError(1);
    }
  });
  // The first full refusal's headers (security headers above all) are the ones the gate's answers copy.
  if (gate)
    app.addHook('onSend', async (request, reply) => {
      if (request.teachesGate && gate.learning) gate.learn(reply.getHeaders());
    });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** A login refused by the limits while the gate has no answer's headers to copy yet. */
    teachesGate?: boolean;
  }
}
