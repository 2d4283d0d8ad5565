import path from 'node:path';
import { DIRECT_EXPORT_MAX_ROWS } from '@chelian/contracts';
import { DEFAULT_MAX_CONNECTIONS_PER_ADDRESS } from './gateway/connectionLimits.ts';
import { DEFAULT_FRAME_DEADLINE_SECONDS } from './gateway/frameDeadline.ts';
import { DEFAULT_IDLE_PAUSE_MS } from './gateway/wakeSharing.ts';
import { DEFAULT_LATEST_POSITION_SECONDS, LATEST_POSITION_MAX_SECONDS } from './core/freshestFix.ts';

/** Runtime configuration, read once from the environment. Every knob has a safe default. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PGlite (no DATABASE_URL) runs in a thread of its own, off the event loop that reads the sockets (PGLITE_WORKER=1). */
  pgliteWorker: boolean;
  natsUrl: string | undefined;
  /** Prefix of every NATS subject, so deployments sharing a NATS cluster stay apart. */
  natsPrefix: string;
  adminPassword: string | undefined;
  roles: ServerRole[];
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  webDist: string;
  runtime: {
    baseUrl: string;
    systemName: string;
    aiBaseUrl: string;
    aiScriptUrl: string;
    tileUrl: string;
    tileCoordSystem: 'wgs84' | 'gcj02';
  };
  ports: { jt808: number; gt06: number; h02: number; watch: number };
  /** A terminal silent this long is offline; a connection without a complete frame this long is closed. */
  offlineAfterSeconds: number;
  /** A terminal frame begun must be complete this long after its first byte, or its connection is closed. */
  frameDeadlineSeconds: number;
  /** A terminal's latest position (lastPositions.json, fleet reports) is rewritten at most this often (≤ 60 s); 0: at every report (gateway/latestWrites.ts). */
  latestPositionSeconds: number;
  /** Terminal connections one source address may hold over all ports (0: no limit, e.g. behind a TCP balancer). */
  maxConnectionsPerAddress: number;
  /** The gateway's pause letting a quiet fleet's lone reads share a wake (GATEWAY_IDLE_PAUSE_MS, default 40; 0: none; where the API shares the process, only while it serves nobody; gateway/wakeSharing.ts). */
  gatewayIdlePauseMs: number;
  /** On SIGTERM, how long terminals get to read their last replies before their sockets are cut. */
  drainGraceMs: number;
  /** Days of positions kept; older daily partitions are dropped by the jobs role. 0 keeps all. */
  positionRetentionDays: number;
  /** Days the operation log keeps; 0 keeps everything. */
  auditRetentionDays: number;
  /** How often the jobs role rolls today's report figures up (finished days are rolled up once more after their grace). */
  reportRollupSeconds: number;
  /** 电单车租赁's clock (billing, overdue, reminders, locks): how often it runs. */
  leaseJobSeconds: number;
  /** A report's Excel file up to this many rows downloads at once; a larger one goes through the download centre's queue. */
  exportDirectRows: number;
  /** A queued export's claim: a jobs process that stops renewing it this long (it died) loses the job to another. */
  exportLeaseSeconds: number;
  demo: boolean;
  /** Password of the demo user on the start that creates it; random (printed once) when unset. */
  demoPassword: string | undefined;
  /** The demo's terminals stop after driving this many seconds (0: never): a test sees what the first minute made (e2e/menus.e2e.ts). */
  demoDriveSeconds: number;
  /**
   * An unknown terminal id becomes an unassigned terminal at its first connection (TERMINAL_AUTO_REGISTER=1,
   * and the demo); otherwise it waits in 待接入终端 for an administrator (docs/security.md).
   */
  terminalAutoRegister: boolean;
  smsProvider: string;
  smsMinIntervalSeconds: number;
  /** Customers' alarm webhooks and MQTT brokers may be loopback or private addresses (the platform's own account always may). */
  pushAllowPrivateTargets: boolean;
  /** TLS is terminated in front of this server (SERVED_OVER_HTTPS=1): HSTS is sent and the CSP upgrades insecure requests. */
  servedOverHttps: boolean;
  /** Redis for state several API processes share (rate-limit counts); in memory when unset. */
  redisUrl: string | undefined;
  /** Requests allowed per minute (0: no limit), per address or per session (http/rateLimits.ts). */
  rateLimits: RateLimits;
  /**
   * The proxies whose X-Forwarded-For is believed (TRUST_PROXY: addresses or CIDRs, comma-separated;
   * Fastify's trustProxy). Empty: none, the client is the socket's peer, so nobody can pick the
   * address the per-address limits count.
   */
  trustProxy: string[];
  /** A user's open sessions beyond this many close, oldest first (0: no cap). */
  maxSessionsPerUser: number;
  /** `/metrics` answers only with `Authorization: Bearer <token>`; unset: it answers 404. */
  metricsToken: string | undefined;
  /** Street-level address provider for getGeo: 'offline' (default, no network), 'amap', 'baidu' or 'tianditu' with its key. */
  address: { provider: string; key: string };
  /** Key of the box the database's secrets are sealed with (地图设置's keys); unset: DATA_DIR/secret.key, made on first use. */
  secretKey?: string;
  /** The map providers' addresses when not their public ones (tests' stand-ins, an intranet proxy): AMAP_BASE_URL, TIANDITU_BASE_URL, BAIDU_BASE_URL. */
  mapProviderBaseUrls: Partial<Record<'amap' | 'tianditu' | 'baidu', string>>;
  /** The host name terminals are set to dial (the assistant tells it); empty: the host the user's browser reached. */
  terminalHost: string;
  /** AI智能助手's optional language model (OpenAI-compatible chat completions); without a base URL it answers offline. */
  assistantModel: { baseUrl: string; apiKey: string; model: string; timeoutMs: number };
}

export interface RateLimits {
  /** The whole API, per client address (a NAT'd office shares one). */
  apiPerAddress: number;
  /** The whole API, per session. */
  apiPerSession: number;
  /** Login attempts per address (the captcha and the account lock come on top). */
  login: number;
  /** Captcha images per address. */
  captcha: number;
  /** SMS codes sent per address (each phone number has its own interval and daily cap on top). */
  sms: number;
  /** Password changes and resets per session. */
  password: number;
  /** Excel exports and export tasks per session. */
  export: number;
  /** Failed logins per username in the lock's window (15 minutes), whatever the address. */
  loginFailuresPerAccount: number;
  /** Login attempts per second this process takes in all (each costs a memory-hard password hash). */
  loginPerSecond: number;
}

export type ServerRole = 'api' | 'gateway' | 'jobs';
const ALL_ROLES: ServerRole[] = ['api', 'gateway', 'jobs'];

function int(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? Math.floor(n) : fallback;
}

function rolesFrom(argv: string[], env: string | undefined): ServerRole[] {
  const flagIndex = argv.indexOf('--role');
  const raw = flagIndex >= 0 ? argv[flagIndex + 1] : env;
  if (!raw || raw === 'all') return ALL_ROLES;
  const picked = raw
    .split(',')
    .map((r) => r.trim())
    .filter((r): r is ServerRole => (ALL_ROLES as string[]).includes(r));
  return picked.length > 0 ? picked : ALL_ROLES;
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env, argv: string[] = process.argv): Config {
  const demo = argv.includes('--demo') || env.CHELIAN_DEMO === '1';
  return {
    port: int(env.PORT, 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    pgliteWorker: env.PGLITE_WORKER === '1',
    natsUrl: env.NATS_URL || undefined,
    natsPrefix: env.NATS_PREFIX || 'chelian',
    adminPassword: env.CHELIAN_ADMIN_PASSWORD || undefined,
    roles: rolesFrom(argv, env.CHELIAN_ROLE),
    sessionIdleMinutes: int(env.SESSION_IDLE_MINUTES, 120),
    sessionMaxHours: int(env.SESSION_MAX_HOURS, 24),
    webDist: path.resolve(env.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    runtime: {
      baseUrl: env.API_BASE_URL ?? '',
      systemName: env.SYSTEM_NAME ?? 'chelian',
      // the demo switches on the platform's own assistant (served under /ai/, docs/assistant.md)
      aiBaseUrl: env.AI_BASE_URL ?? (demo ? '/ai/' : ''),
      aiScriptUrl: env.AI_SCRIPT_URL ?? (demo ? '/ai/assistant.js' : ''),
      tileUrl: env.TILE_URL ?? '',
      tileCoordSystem: env.TILE_COORD_SYSTEM === 'gcj02' ? 'gcj02' : 'wgs84',
    },
    ports: {
      jt808: int(env.JT808_PORT, 5015),
      gt06: int(env.GT06_PORT, 5023),
      h02: int(env.H02_PORT, 5013),
      watch: int(env.WATCH_PORT, 5093),
    },
    offlineAfterSeconds: int(env.OFFLINE_AFTER_SECONDS, 300),
    frameDeadlineSeconds: Math.max(1, int(env.FRAME_DEADLINE_SECONDS, DEFAULT_FRAME_DEADLINE_SECONDS)),
    latestPositionSeconds: Math.min(
      LATEST_POSITION_MAX_SECONDS,
      Math.max(0, int(env.LATEST_POSITION_SECONDS, DEFAULT_LATEST_POSITION_SECONDS)),
    ),
    maxConnectionsPerAddress: int(env.MAX_CONNECTIONS_PER_ADDRESS, DEFAULT_MAX_CONNECTIONS_PER_ADDRESS),
    // Where the API shares the loop, pauses wait until it has served nobody for a while (server.ts).
    gatewayIdlePauseMs: Math.min(100, Math.max(0, int(env.GATEWAY_IDLE_PAUSE_MS, DEFAULT_IDLE_PAUSE_MS))),
    drainGraceMs: int(env.DRAIN_GRACE_MS, 5000),
    positionRetentionDays: int(env.POSITION_RETENTION_DAYS, 180),
    auditRetentionDays: int(env.AUDIT_RETENTION_DAYS, 180),
    reportRollupSeconds: Math.max(1, int(env.REPORT_ROLLUP_SECONDS, 300)),
    leaseJobSeconds: Math.max(1, int(env.LEASE_JOB_SECONDS, 60)),
    exportDirectRows: int(env.EXPORT_DIRECT_ROWS, DIRECT_EXPORT_MAX_ROWS),
    exportLeaseSeconds: Math.max(1, int(env.EXPORT_LEASE_SECONDS, 60)),
    demo,
    demoPassword: env.CHELIAN_DEMO_PASSWORD || undefined,
    demoDriveSeconds: int(env.CHELIAN_DEMO_DRIVE_SECONDS, 0),
    terminalAutoRegister: demo || env.TERMINAL_AUTO_REGISTER === '1',
    smsProvider: env.SMS_PROVIDER ?? 'outbox',
    smsMinIntervalSeconds: Math.max(1, int(env.SMS_MIN_INTERVAL_SECONDS, 60)),
    pushAllowPrivateTargets: env.PUSH_ALLOW_PRIVATE_TARGETS === '1',
    servedOverHttps: env.SERVED_OVER_HTTPS === '1',
    redisUrl: env.REDIS_URL || undefined,
    rateLimits: {
      apiPerAddress: int(env.RATE_LIMIT_API_PER_ADDRESS, 20_000),
      apiPerSession: int(env.RATE_LIMIT_API_PER_SESSION, 6_000),
      login: int(env.RATE_LIMIT_LOGIN, 120),
      captcha: int(env.RATE_LIMIT_CAPTCHA, 240),
      sms: int(env.RATE_LIMIT_SMS, 20),
      password: int(env.RATE_LIMIT_PASSWORD, 20),
      export: int(env.RATE_LIMIT_EXPORT, 60),
      loginFailuresPerAccount: int(env.RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT, 20),
      loginPerSecond: int(env.RATE_LIMIT_LOGIN_PER_SECOND, 10),
    },
    trustProxy: (env.TRUST_PROXY ?? '')
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean),
    maxSessionsPerUser: int(env.MAX_SESSIONS_PER_USER, 20),
    metricsToken: env.METRICS_TOKEN || undefined,
    address: { provider: env.ADDRESS_PROVIDER ?? 'offline', key: env.ADDRESS_PROVIDER_KEY ?? '' },
    secretKey: env.CHELIAN_SECRET_KEY || undefined,
    mapProviderBaseUrls: {
      ...(env.AMAP_BASE_URL ? { amap: env.AMAP_BASE_URL } : {}),
      ...(env.TIANDITU_BASE_URL ? { tianditu: env.TIANDITU_BASE_URL } : {}),
      ...(env.BAIDU_BASE_URL ? { baidu: env.BAIDU_BASE_URL } : {}),
    },
    terminalHost: env.TERMINAL_HOST ?? '',
    assistantModel: {
      baseUrl: env.AI_MODEL_BASE_URL ?? '',
      apiKey: env.AI_MODEL_API_KEY ?? '',
      model: env.AI_MODEL ?? '',
      timeoutMs: Math.max(1000, int(env.AI_MODEL_TIMEOUT_MS, 30_000)),
    },
  };
}
