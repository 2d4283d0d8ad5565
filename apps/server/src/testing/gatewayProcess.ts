/**
 * A gateway alone in its own process, for crash tests and benchmarks: storage from DATABASE_URL (+ PG_SCHEMA)
 * or PGLITE_DIR (seeded from the migrated PGLITE_TEMPLATE dump when given), JT/T 808 on a free
 * port, announced on stdout as {"port": n}. Only the chosen engine's code is loaded.
 */
import fs from 'node:fs';
import { MemoryBus } from '../bus/bus.ts';
import { PositionFeed } from '../core/positionFeed.ts';
import { migrate } from '../db/migrate.ts';
import { startGateway } from '../gateway/gateway.ts';
import { createLogger } from '../log.ts';

const db = process.env.DATABASE_URL
  ? (await import('../db/postgres.ts')).openPostgres({ connectionString: process.env.DATABASE_URL, schema: process.env.PG_SCHEMA })
  : await (
      await import('../db/pglite.ts')
    ).openPglite(
      process.env.PGLITE_DIR,
      process.env.PGLITE_TEMPLATE ? new Blob([fs.readFileSync(process.env.PGLITE_TEMPLATE)]) : undefined,
    );
await migrate(db);
// INGEST_MAX_ROWS / INGEST_MAX_DELAY_MS / INGEST_MAX_FLUSHES: batcher limits for benchmark experiments (the defaults otherwise).
const knob = (name: string) => (process.env[name] ? Number(process.env[name]) : undefined);
const latestSeconds = knob('LATEST_POSITION_SECONDS');
const ingest = {
  maxRows: knob('INGEST_MAX_ROWS'),
  maxDelayMs: knob('INGEST_MAX_DELAY_MS'),
  maxConcurrentFlushes: knob('INGEST_MAX_FLUSHES'),
  // LATEST_POSITION_SECONDS, else the server's default (DEFAULT_INGEST): crash tests then kill a gateway holding fixes back.
  latestEveryMs: latestSeconds === undefined ? undefined : latestSeconds * 1000,
};
for (const k of Object.keys(ingest) as Array<keyof typeof ingest>) if (ingest[k] === undefined) delete ingest[k];
// FEED_ENGINES=1: every committed fix is kept and handed over, as to position engines that watch every terminal (the engines themselves are not loaded).
const positionFeed = process.env.FEED_ENGINES ? new PositionFeed() : undefined;
positionFeed?.subscribe({ fixes: () => {} });
// MAX_CONNECTIONS_PER_ADDRESS: the ingest bench's terminals come 10 000 from each source address (the default otherwise).
const maxConnectionsPerAddress = knob('MAX_CONNECTIONS_PER_ADDRESS');
const gateway = await startGateway(
  { db, bus: new MemoryBus(), log: createLogger('warn'), positionFeed, config: { terminalAutoRegister: true } },
  { host: '127.0.0.1', ports: { jt808: 0 }, offlineAfterSeconds: 300, ingest, maxConnectionsPerAddress },
);
process.stdout.write(`${JSON.stringify({ port: gateway.ports.jt808 })}\n`);
// SIGUSR2: the batcher's figures so far, as one JSON line (benchmarks read flushes and their time).
process.on('SIGUSR2', () => process.stdout.write(`${JSON.stringify({ batcher: gateway.batcher.stats })}\n`));
