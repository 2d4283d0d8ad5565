import pino from 'pino';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { createContext, type AppContext } from './context.ts';
import { openDatabase } from './db/open.ts';
import { migrate } from './db/migrate.ts';
import type { Db } from './db/types.ts';
import { MemoryBus, type Bus } from './bus/bus.ts';
import { buildApp } from './http/app.ts';
import { seedAll } from './seed.ts';
import { startExportWorker } from './modules/exports/exports.service.ts';
import { startPositionRetention } from './modules/positions/positionRetention.service.ts';
import { startRollupWorker } from './modules/reports/rollup.service.ts';
import { startGateway, type Gateway } from './gateway/gateway.ts';
import { startDemo } from './demo/demo.ts';

export interface RunningServer {
  ctx: AppContext;
  app: FastifyInstance;
  /** The device gateway, when this process runs the 'gateway' role (and listens). */
  gateway: Gateway | null;
  close(): Promise<void>;
}

export function createLogger(level = process.env.LOG_LEVEL ?? 'info'): FastifyBaseLogger {
  return pino({ level, base: undefined }) as unknown as FastifyBaseLogger;
}

async function openBus(config: Config, log: FastifyBaseLogger): Promise<Bus> {
  if (!config.natsUrl) return new MemoryBus();
  const { connectNatsBus } = await import('./bus/nats.bus.ts');
  return connectNatsBus(config.natsUrl, log, config.natsPrefix);
}

/**
 * Starts the roles this process runs: storage is opened and migrated, the first-start seed runs,
 * then the HTTP API (and later the gateway and jobs).
 */
export async function startServer(config: Config, opts: { db?: Db; log?: FastifyBaseLogger; listen?: boolean } = {}): Promise<RunningServer> {
  const log = opts.log ?? createLogger();
  const db = opts.db ?? (await openDatabase(config));
  await migrate(db);
  const bus = await openBus(config, log);
  const ctx = await createContext(config, db, bus, log);
  const { admin } = await seedAll(ctx);
  if (admin.generatedPassword) {
    // Printed once, on the start that created it; also kept in DATA_DIR/initial-admin.txt.
    console.log(`\n初始管理员账号: admin  密码: ${admin.generatedPassword}  (已写入 ${config.dataDir}/initial-admin.txt)\n`);
  }
  const { app } = await buildApp(ctx);
  const jobs = config.roles.includes('jobs')
    ? [startExportWorker(ctx), startPositionRetention(ctx, config.positionRetentionDays), startRollupWorker(db, log, config.reportRollupSeconds * 1000)]
    : [];
  if (opts.listen !== false) await app.listen({ port: config.port, host: config.host });
  // Terminal ports: JT/T 808, GT06, H02 (config.ports). Closed before the bus and the database so
  // every position already acknowledged is written.
  const gateway = config.roles.includes('gateway') && opts.listen !== false
    ? await startGateway(ctx, { host: config.host, ports: config.ports, offlineAfterSeconds: config.offlineAfterSeconds })
    : null;
  // Demo mode: a demo account whose simulated fleet drives against this gateway's ports.
  const demo = config.demo ? await startDemo(ctx, gateway?.ports ?? config.ports, { password: config.demoPassword }) : null;
  return {
    ctx,
    app,
    gateway,
    async close() {
      await Promise.all(jobs.map((stop) => stop()));
      demo?.stop();
      await gateway?.close();
      await app.close();
      await bus.close();
      await db.close();
    },
  };
}
