import net from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/types.ts';
import type { Bus } from '../bus/bus.ts';
import { subjects } from '../bus/subjects.ts';
import type { PositionFeed } from '../core/positionFeed.ts';
import { identifierKey, type TerminalProtocol } from '../core/identifiers.ts';
import { CODECS } from './codecs.ts';
import { CommandDispatcher } from './commandDispatcher.ts';
import { ingestQueries } from './ingest.queries.ts';
import { DEFAULT_INGEST, IngestBatcher, type IngestOptions } from './ingestBatcher.ts';
import { PresenceTracker } from './presence.ts';
import { AddressLimits, DEFAULT_MAX_CONNECTIONS_PER_ADDRESS } from './connectionLimits.ts';
import { ConnectionDeadlines, DEFAULT_FRAME_DEADLINE_SECONDS } from './frameDeadline.ts';
import { newGatewayStats, type GatewayStats } from './gatewayStats.ts';
import { TerminalSession, type SessionDeps } from './session.ts';
import { TerminalDirectory } from './terminalDirectory.ts';
import { WakeSharing, type WakeSharingOptions } from './wakeSharing.ts';
import { IdentityGate } from './identity.ts';
import { IdentityRecords } from './identityRecords.ts';
import type { Config } from '../config.ts';

export interface GatewayOptions {
  host?: string;
  /** Port per protocol; 0 picks a free one (tests); a protocol left out is not listened for. */
  ports: Partial<Record<TerminalProtocol, number>>;
  /** Also how long a connection may go without a complete frame before it is closed. */
  offlineAfterSeconds: number;
  ingest?: Partial<IngestOptions>;
  maxConnectionsPerPort?: number;
  /** A frame begun must be complete this long after (default 30). */
  frameDeadlineSeconds?: number;
  /** Open connections per source address over all ports (default 2 000; 0: no limit, behind a TCP balancer). */
  maxConnectionsPerAddress?: number;
  /** Pauses letting a quiet fleet's lone reads share a wake (wakeSharing.ts; default none). */
  wakeSharing?: Omit<WakeSharingOptions, 'databaseBusy' | 'batch'>;
}

export interface Gateway {
  /** The ports actually listened on. */
  ports: Partial<Record<TerminalProtocol, number>>;
  sessions: Map<number, TerminalSession>;
  stats: GatewayStats;
  batcher: IngestBatcher;
  presence: PresenceTracker;
  /** Present while pauses let lone reads share a wake (its figures). */
  wakes?: WakeSharing;
  /**
   * Graceful stop (SIGTERM): stops accepting and reading, commits what was read and answers it,
   * then closes each socket after its last reply (terminals reconnect, through the load balancer,
   * to another gateway). Sockets still open after `graceMs` are cut. `close()` follows.
   */
  drain(graceMs?: number): Promise<void>;
  close(): Promise<void>;
}

const PARTITION_CHECK_MS = 3600_000;

/**
 * The device gateway: a TCP listener per protocol, a session per connection, one ingest batcher
 * and one presence tracker for all of them, and the command dispatcher on the bus. `positionFeed`:
 * where every committed fix goes for this process's position engines (none without it).
 */
export async function startGateway(
  deps: { db: Db; bus: Bus; log: FastifyBaseLogger; positionFeed?: PositionFeed; config: Pick<Config, 'terminalAutoRegister'> },
  opts: GatewayOptions,
): Promise<Gateway> {
  const { db, bus, log, positionFeed } = deps;
  await ensurePartitions(db, log);
  const ingest = { ...DEFAULT_INGEST, ...opts.ingest };
  // What a gateway that stopped without closing held back from latest_positions (latestWrites.ts),
  // whatever this one's interval: it may have run with another.
  const catchUpStarted = performance.now();
  await ingestQueries.catchUpLatest(db);
  log.info({ ms: Math.round(performance.now() - catchUpStarted) }, '最新位置已按定位记录补齐');
  const partitionTimer = setInterval(() => void ensurePartitions(db, log), PARTITION_CHECK_MS);
  partitionTimer.unref();

  const sessions = new Map<number, TerminalSession>();
  const stats = newGatewayStats();
  const batcher = new IngestBatcher(db, log, ingest);
  const presence = new PresenceTracker(db, bus, log, opts.offlineAfterSeconds, positionFeed);
  const commands = new CommandDispatcher(db, bus, log, sessions);
  presence.start();
  commands.start();
  const terminals = new TerminalDirectory(db);
  const records = new IdentityRecords(db, log);
  const identity = new IdentityGate({
    db,
    log,
    directory: terminals,
    records,
    presence,
    sessions,
    autoRegister: deps.config.terminalAutoRegister,
  });
  const frameDeadlineMs = (opts.frameDeadlineSeconds ?? DEFAULT_FRAME_DEADLINE_SECONDS) * 1000;
  const deadlines = new ConnectionDeadlines({ idleMs: opts.offlineAfterSeconds * 1000, frameDeadlineMs }, stats, log);
  deadlines.start();
  const perAddress = new AddressLimits(opts.maxConnectionsPerAddress ?? DEFAULT_MAX_CONNECTIONS_PER_ADDRESS, stats, log);
  const wakes = opts.wakeSharing;
  const sessionDeps: SessionDeps = {
    db,
    bus,
    log,
    positionFeed,
    batcher,
    presence,
    commands,
    terminals,
    identity,
    sessions,
    stats,
    deadlines,
    wakes:
      wakes && wakes.pauseMs > 0
        ? new WakeSharing({ ...wakes, batch: batcher, databaseBusy: () => (db.inFlight?.() ?? 0) > 0 })
        : undefined,
  };

  // An operator changed a terminal: the session holding it refreshes its labels and owner, and its
  // next fix goes to latest_positions at once (a hand-over deleted the row; the new owner's list shows it).
  const stopChanges = bus.subscribe(subjects.allTerminalChanges, (_m, subject) => {
    const key = identifierKey(subject.slice(subjects.terminalChanged('').length));
    for (const s of sessions.values())
      if (s.terminal?.key === key) {
        batcher.writeLatestAtOnce(s.terminal.pk);
        void s.refresh().catch((err) => log.warn({ err }, '终端信息刷新失败'));
      }
  });

  const servers: net.Server[] = [];
  const sockets = new Set<net.Socket>();
  const ports: Gateway['ports'] = {};
  for (const [protocol, port] of Object.entries(opts.ports) as Array<[TerminalProtocol, number]>) {
    const codec = CODECS[protocol];
    if (!codec || port === undefined) continue;
    const server = net.createServer({ noDelay: true, keepAlive: true }, (socket) => {
      const address = socket.remoteAddress ?? '';
      if (!perAddress.admit(address, protocol)) return void socket.resetAndDestroy(); // a reset: no TIME_WAIT kept for it here
      sockets.add(socket);
      socket.on('close', () => {
        sockets.delete(socket);
        perAddress.release(address);
      });
      new TerminalSession(socket, codec, sessionDeps);
    });
    if (opts.maxConnectionsPerPort) server.maxConnections = opts.maxConnectionsPerPort;
    server.on('error', (err) => log.error({ err, protocol }, '终端端口监听错误'));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ port, host: opts.host, backlog: 4096 }, () => {
        server.off('error', reject);
        resolve();
      });
    });
    ports[protocol] = (server.address() as net.AddressInfo).port;
    servers.push(server);
  }
  log.info({ ports }, '终端网关已启动');

  const stopListening = () => Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  let draining: Promise<void> | null = null;
  const drain = async (graceMs: number) => {
    const closed = stopListening();
    // Nothing more is read: what was read is committed and answered, the rest the terminal resends.
    sessionDeps.draining = true;
    for (const socket of sockets) socket.pause();
    await batcher.close();
    log.info({ connections: sockets.size, stored: batcher.stats.rows }, '终端网关排空：已提交并应答，断开连接');
    for (const socket of sockets) socket.end(); // after the replies already written
    const cut = setTimeout(() => {
      for (const socket of sockets) socket.destroy();
    }, graceMs);
    await closed;
    clearTimeout(cut);
  };

  return {
    ports,
    sessions,
    stats,
    batcher,
    presence,
    wakes: sessionDeps.wakes,
    drain(graceMs = 5000) {
      draining ??= drain(graceMs);
      return draining;
    },
    async close() {
      clearInterval(partitionTimer);
      deadlines.stop();
      stopChanges();
      commands.stop();
      // Stop accepting first; close() resolves only once the open connections are gone.
      const closed = stopListening();
      for (const s of sockets) s.destroy();
      await closed;
      await batcher.close();
      await presence.stop();
      await records.stop();
    },
  };
}

/** Today's partition and a few days either side exist before any position needs them. */
async function ensurePartitions(db: Db, log: FastifyBaseLogger) {
  try {
    await ingestQueries.ensurePartitions(db, 1, 3);
  } catch (err) {
    log.error({ err }, '定位分区创建失败');
  }
}
