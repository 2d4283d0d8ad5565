import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/types.ts';
import type { Bus } from './bus/bus.ts';
import { PositionFeed } from './core/positionFeed.ts';
import { CaptchaService } from './modules/auth/captcha.service.ts';
import { LoginService } from './modules/auth/login.service.ts';
import { createDecryptor, loadOrCreateKeyPair } from './modules/auth/rsa.ts';
import { SessionService } from './modules/auth/session.service.ts';
import { AuditLog } from './modules/audit/audit.service.ts';
import { OutboxSmsGateway, SmsCodeService, type SmsGateway } from './modules/auth/sms.service.ts';

/** Everything a route or job needs, made once per process and passed down explicitly. */
export interface AppContext {
  config: Config;
  db: Db;
  bus: Bus;
  log: FastifyBaseLogger;
  /** Every fix this process's gateway commits, for the position engines (core/positionFeed.ts). */
  positionFeed: PositionFeed;
  publicKey: string;
  decrypt: (cipher: string) => string | null;
  sessions: SessionService;
  captchas: CaptchaService;
  sms: SmsCodeService;
  smsGateway: SmsGateway;
  login: LoginService;
  /** The operation log every write through the API goes to (http/auditHook.ts). */
  audit: AuditLog;
}

/** What every role needs: configuration, storage, the bus, the logger and the engines' feed. */
export type CoreContext = Pick<AppContext, 'config' | 'db' | 'bus' | 'log' | 'positionFeed'>;

/** `positionFeed`: the one the process's gateway feeds (a server shares its core's; tests get their own). */
export async function createContext(
  config: Config,
  db: Db,
  bus: Bus,
  log: FastifyBaseLogger,
  positionFeed = new PositionFeed(),
): Promise<AppContext> {
  const keys = await loadOrCreateKeyPair(db);
  const decrypt = createDecryptor(keys.privateKey);
  const sessions = new SessionService(db, config.sessionIdleMinutes, config.sessionMaxHours, config.maxSessionsPerUser);
  const captchas = new CaptchaService(db);
  const smsGateway = new OutboxSmsGateway(db, log, path.join(config.dataDir, 'sms-outbox.jsonl'));
  const sms = new SmsCodeService(db, smsGateway, config.smsMinIntervalSeconds);
  const login = new LoginService(db, decrypt, sessions, captchas, sms, config.rateLimits.loginFailuresPerAccount);
  const audit = new AuditLog(db, log);
  return { config, db, bus, log, positionFeed, publicKey: keys.publicKey, decrypt, sessions, captchas, sms, smsGateway, login, audit };
}
