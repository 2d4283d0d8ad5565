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
  const { admin } = await seedAll(ctx);
  if (admin.generatedPassword) {
    // Printed once, on the start that created it; also kept in DATA_DIR/initial-admin.txt.
    console.log(`\n初始管理员账号: admin  密码: ${admin.generatedPassword}  (已写入 ${ctx.config.dataDir}/initial-admin.txt)\n`);
  }
  const { app } = await buildApp(ctx, apiModules);
  return { ctx, app };
}
