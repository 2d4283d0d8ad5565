import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { AppContext, CoreContext } from './context.ts';
import { openDatabase } from './db/open.ts';
import { migrate } from './db/migrate.ts';
import type { Db } from './db/types.ts';
import { MemoryBus, type Bus } from './bus/bus.ts';
import { createLogger } from './log.ts';
import { startGateway, type Gateway } from './gateway/gateway.ts';
import { PAUSE_AFTER_API_QUIET_MS } from './gateway/wakeSharing.ts';
import { servedWithin } from './http/servedWithin.ts';
import { PositionFeed } from './core/positionFeed.ts';
import { startEngines, type PositionEngine } from './modules/feature.ts';
import { features } from './modules/features.ts';

export interface RunningServer {
  /** The full context when this process serves the API or runs jobs; storage, bus and log only in a gateway-only process. */
  ctx: AppContext | CoreContext;
  /** The HTTP API and web app; only `/healthz` in a gateway-only process. */
  app: FastifyInstance;
  /** The device gateway, when this process runs the 'gateway' role (and listens). */
  gateway: Gateway | null;
  /**
   * SIGTERM: `/readyz` turns 503, the gateway commits and answers what it read and closes its
   * sockets (terminals reconnect elsewhere), the API finishes its requests; then everything closes.
   */
  drain(): Promise<void>;
  close(): Promise<void>;
}

async function openBus(config: Config, log: FastifyBaseLogger): Promise<Bus> {
  if (!config.natsUrl) return new MemoryBus();
  const { connectNatsBus } = await import('./bus/nats.bus.ts');
  return connectNatsBus(config.natsUrl, log, config.natsPrefix);
}

/**
 * Starts the roles this process runs: storage is opened and migrated, then the HTTP API with the
 * first-start seed (roles api, jobs), the terminal gateway and the jobs. Code a role does not use
 * is not loaded: `--role gateway` imports neither the API modules nor the web app, the auth
 * context (RSA, captcha) nor the storage engine it does not run on.
 */
export async function startServer(
  config: Config,
  opts: { db?: Db; log?: FastifyBaseLogger; listen?: boolean } = {},
): Promise<RunningServer> {
  const log = opts.log ?? createLogger();
  const db = opts.db ?? (await openDatabase(config));
  await migrate(db);
  const bus = await openBus(config, log);
  const core: CoreContext = { config, db, bus, log, positionFeed: new PositionFeed() };
  const servesApi = config.roles.some((role) => role !== 'gateway') || config.demo;
  const api = servesApi ? await (await import('./apiSide.ts')).startApiSide(core) : null;
  const app = api?.app ?? (await (await import('./http/healthApp.ts')).buildHealthApp(core));
  // Each feature's position engine (modules/features.ts) is fed every fix this process's gateway
  // commits, in process (core/positionFeed.ts): they run with the gateway role, and each judges
  // only the terminals whose sockets this process holds — once in a cluster, in each terminal's order.
  const engines: PositionEngine[] = config.roles.includes('gateway') ? await startEngines(features, api?.ctx ?? core) : [];
  const stopJobs = api && config.roles.includes('jobs') ? await (await import('./jobs/startJobs.ts')).startJobs(api.ctx) : async () => {};
  if (opts.listen !== false) await app.listen({ port: config.port, host: config.host });
  // Terminal ports: JT/T 808, GT06, H02 (config.ports). Closed before the bus and the database so
  // every position already acknowledged is written.
  const gateway =
    config.roles.includes('gateway') && opts.listen !== false
      ? await startGateway(core, {
          host: config.host,
          ports: config.ports,
          offlineAfterSeconds: config.offlineAfterSeconds,
          frameDeadlineSeconds: config.frameDeadlineSeconds,
          ingest: { latestEveryMs: config.latestPositionSeconds * 1000 },
          maxConnectionsPerAddress: config.maxConnectionsPerAddress,
          wakeSharing: {
            pauseMs: config.gatewayIdlePauseMs,
            // Where the API shares the loop, no pause while it serves anyone: a pause would hold its answers.
            othersActive: api ? servedWithin(app.server, PAUSE_AFTER_API_QUIET_MS) : undefined,
          },
        })
      : null;
  // Demo mode: a demo account whose simulated fleet drives against this gateway's ports.
  const demo =
    api && config.demo
      ? await (
          await import('./demo/demo.ts')
        ).startDemo(api.ctx, gateway?.ports ?? config.ports, { password: config.demoPassword, driveSeconds: config.demoDriveSeconds })
      : null;
  return {
    ctx: api?.ctx ?? core,
    app,
    gateway,
    async drain(this: RunningServer) {
      app.readiness.draining = true;
      log.info({ roles: config.roles }, '收到停止信号，开始排空');
      await gateway?.drain(config.drainGraceMs);
      // app.close() stops accepting, closes idle keep-alive connections and live feeds, and waits for the requests under way.
      await this.close();
    },
    async close() {
      await stopJobs();
      demo?.stop();
      // The gateway's last flush first: its fixes and presence changes reach the engines, still listening.
      await gateway?.close();
      // Each engine then stops listening and finishes what it was handed: every write before the pool ends.
      for (const engine of engines) await engine.stop();
      await app.close();
      await bus.close();
      await db.close();
    },
  };
}
