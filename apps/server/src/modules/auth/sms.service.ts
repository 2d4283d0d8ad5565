import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/types.ts';
import { AUTH_ERRORS } from '@chelian/contracts';
import { AppError } from '../../http/errors.ts';
import { smsQueries } from './sms.queries.ts';

/** Where SMS messages go. The default writes an outbox row (and file); a provider plugs in here. */
export interface SmsGateway {
  readonly name: string;
  send(phone: string, content: string): Promise<void>;
}

/**
 * The outbox: each message as a row of sms_outbox and, when given a file, a JSON line there
 * (owner-only; DATA_DIR/sms-outbox.jsonl), where an operator without an SMS provider — or a
 * browser test — reads the code. The log says only that a message went out: a code is a secret.
 */
export class OutboxSmsGateway implements SmsGateway {
  readonly name = 'outbox';
  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly file?: string,
  ) {}
  async send(phone: string, content: string) {
    await smsQueries.insertOutbox(this.db, phone, content, this.name);
    if (this.file) {
      await fs.promises.mkdir(path.dirname(this.file), { recursive: true }); // DATA_DIR need not exist on PostgreSQL
      await fs.promises.appendFile(this.file, `${JSON.stringify({ time: Date.now(), phone, content })}\n`, { mode: 0o600 });
    }
    this.log.info({ phone }, 'sms outbox');
  }
}

export type SmsPurpose = 'login' | 'bind' | 'verify' | 'password' | 'auth';
const PURPOSE_TEXT: Record<SmsPurpose, string> = {
  login: '登录',
  bind: '绑定手机',
  verify: '身份验证',
  password: '修改密码',
  auth: '授权验证',
};

export const SMS_CODE_TTL_MINUTES = 5;
const MAX_PER_DAY = 10;
const MAX_ATTEMPTS = 5;

export const PHONE_PATTERN = /^1[3-9]\d{9}$/;

/** SMS verification codes: at most 1 a minute and 10 a day per phone; 5 tries per code. */
export class SmsCodeService {
  constructor(
    private readonly db: Db,
    private readonly gateway: SmsGateway,
    /** 60 in production; the browser suite shortens it so it need not wait out real minutes. */
    private readonly minIntervalSeconds = 60,
  ) {}

  /**
   * Issues a code. With deliver=false the code is recorded (so limits and answers are the same)
   * but not sent: login codes for phones no user has bound, which must not reveal that.
   */
  async send(phone: string, purpose: SmsPurpose, deliver = true): Promise<{ expiresInSeconds: number }> {
    if (!PHONE_PATTERN.test(phone)) throw new AppError(AUTH_ERRORS.badPhone);
    const recent = await smsQueries.recentCounts(this.db, phone, this.minIntervalSeconds);
    if ((recent?.last_window ?? 0) >= 1) {
      const wait = this.minIntervalSeconds % 60 === 0 ? `${this.minIntervalSeconds / 60}分钟` : `${this.minIntervalSeconds}秒`;
      throw new AppError(AUTH_ERRORS.smsTooFrequent, { params: { wait } });
    }
    if ((recent?.today ?? 0) >= MAX_PER_DAY) throw new AppError(AUTH_ERRORS.smsDailyLimit);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await smsQueries.insertCode(this.db, { phone, purpose, code, ttlMinutes: SMS_CODE_TTL_MINUTES });
    if (deliver)
      await this.gateway.send(
        phone,
        `【车联】您的${PURPOSE_TEXT[purpose]}验证码为${code}，${SMS_CODE_TTL_MINUTES}分钟内有效，请勿泄露给他人。`,
      );
    return { expiresInSeconds: SMS_CODE_TTL_MINUTES * 60 };
  }

  /** True once for the newest live code of that phone and purpose; wrong tries are counted. */
  async consume(phone: string, purpose: SmsPurpose, code: string | undefined): Promise<boolean> {
    if (!code || !PHONE_PATTERN.test(phone)) return false;
    return this.db.tx(async (q) => {
      const row = await smsQueries.newestLiveCodeForUpdate(q, phone, purpose);
      if (!row || row.attempts >= MAX_ATTEMPTS) return false;
      if (row.code !== code.trim()) {
        await smsQueries.countWrongAttempt(q, row.id);
        return false;
      }
      await smsQueries.markUsed(q, row.id);
      return true;
    });
  }
}
