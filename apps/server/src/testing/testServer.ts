import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { loadConfig, type Config } from '../config.ts';
import { createContext, type AppContext } from '../context.ts';
import { MemoryBus, type Bus } from '../bus/bus.ts';
import { buildApp } from '../http/app.ts';
import { apiModules } from '../modules/index.ts';
import type { RegisteredRoute } from '../http/routeConfig.ts';
import { encryptForLogin } from '../modules/auth/rsa.ts';
import { createLogger } from '../log.ts';
import { seedAll } from '../seed.ts';
import { createTestDb, TEST_ADMIN_PASSWORD } from './testDb.ts';

export { TEST_ADMIN_PASSWORD };

export interface TestServer {
  app: FastifyInstance;
  ctx: AppContext;
  routes: RegisteredRoute[];
  config: Config;
  /** Logs in through the real endpoint (RSA-encrypted password) and returns the session id. */
  login(username?: string, password?: string): Promise<string>;
  /** inject() with the session header set. */
  call(sessionId: string | null, opts: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** The real app on a private database: the same code path as production, minus the socket. */
/** `opts.bus`: a shared bus (NATS) instead of a private in-process one, for multi-process tests. `opts.log`: a logger whose lines the test reads (request logging on). */
export async function createTestServer(
  overrides: Partial<Config> = {},
  opts: { bus?: Bus; log?: FastifyBaseLogger } = {},
): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chelian-test-'));
  // Terminals in tests are made up as they come, as in the demo: the tests of 待接入终端 turn it off.
  const loaded = loadConfig({ DATA_DIR: dataDir, CHELIAN_ADMIN_PASSWORD: TEST_ADMIN_PASSWORD }, []);
  const config: Config = {
    ...loaded,
    terminalAutoRegister: true,
    // The logins-a-second budget guards a server's CPU, not a test's logins (a quick run of a test's
    // failed logins past the captcha check costs no hash and meets it); its own tests set it.
    rateLimits: { ...loaded.rateLimits, loginPerSecond: 0 },
    ...overrides,
  };
  const db = await createTestDb();
  const ctx = await createContext(config, db, opts.bus ?? new MemoryBus(), opts.log ?? createLogger('silent'));
  // The template is seeded already; this is the seed every later start runs (cheap upserts), so
  // the catalogue follows the code even when the template predates a change to it.
  await seedAll(ctx);
  const { app, routes } = await buildApp(ctx, apiModules, { logger: opts.log !== undefined });

  const call: TestServer['call'] = (sessionId, opts) =>
    app.inject({ ...opts, headers: { ...(opts.headers ?? {}), ...(sessionId ? { sessionid: sessionId } : {}) } });

  return {
    app,
    ctx,
    routes,
    config,
    call,
    async login(username = 'admin', password = TEST_ADMIN_PASSWORD) {
      const res = await app.inject({
        method: 'POST',
        url: '/oauth/v4/token',
        ...form({ username, password: encryptForLogin(ctx.publicKey, password) }),
      });
      const body = res.json();
      if (body.flag !== 1) throw new Error(`login failed: ${body.msg}`);
      return body.obj.sessionId as string;
    },
    async close() {
      await app.close();
      await ctx.bus.close();
      await db.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A form-encoded body, as the web's request layer sends by default. */
export function form(fields: Record<string, string | number | boolean>): Pick<InjectOptions, 'payload' | 'headers'> {
  const body = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString();
  return { payload: body, headers: { 'content-type': 'application/x-www-form-urlencoded' } };
}
