import type { FastifyInstance } from 'fastify';
import { createContext, type AppContext, type CoreContext } from './context.ts';
import { buildApp } from './http/app.ts';
import { apiModules } from './modules/index.ts';
import { seedAll } from './seed.ts';

/**
 * What a process serving the API (or running jobs) needs on top of storage and the bus: the full
 * context (keys, sessions, captchas, SMS), the first-start seed and every HTTP module with the web
 * app. Loaded by server.ts only in those roles, so a gateway-only process never loads it.
 */
export async function startApiSide(core: CoreContext): Promise<{ ctx: AppContext; app: FastifyInstance }> {
  const ctx = await createContext(core.config, core.db, core.bus, core.log, core.positionFeed);
  await seedAll(ctx);
  const { app } = await buildApp(ctx, apiModules);
  return { ctx, app };
}
