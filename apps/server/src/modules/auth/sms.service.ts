import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/types.ts';
import { AppError, fail } from '../../http/errors.ts';

/** Where SMS messages go. The default writes an outbox row and a log line; a provider plugs in here. */
export interface SmsGateway {
  readonly name: string;
  send(phone: string, content: string): Promise<void>;
}

export class OutboxSmsGateway implements SmsGateway {
  readonly name = 'outbox';
  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}
  async send(phone: string, content: string) {
    await this.db.query('INSERT INTO sms_outbox (phone, content, provider) VALUES ($1, $2, $3)', [phone, content, this.name]);
    this.log.info({ phone, content }, 'sms outbox');
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
    if (!PHONE_PATTERN.test(phone)) throw fail('手机号格式不正确');
    const recent = await this.db.one<{ last_minute: number; today: number }>(
      `SELECT count(*) FILTER (WHERE created_at > now() - make_interval(secs => $2))::int AS last_minute,
              count(*) FILTER (WHERE created_at > now() - interval '1 day')::int AS today
         FROM sms_codes WHERE phone = $1`,
      [phone, this.minIntervalSeconds],
    );
    if ((recent?.last_minute ?? 0) >= 1) {
      const wait = this.minIntervalSeconds % 60 === 0 ? `${this.minIntervalSeconds / 60}分钟` : `${this.minIntervalSeconds}秒`;
      throw new AppError('tooManyRequests', `验证码发送过于频繁，请${wait}后再试`);
    }
    if ((recent?.today ?? 0) >= MAX_PER_DAY) throw new AppError('tooManyRequests', '该手机号今日验证码发送次数已达上限');
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await this.db.query(
      `INSERT INTO sms_codes (phone, purpose, code, expires_at) VALUES ($1, $2, $3, now() + make_interval(mins => $4))`,
      [phone, purpose, code, SMS_CODE_TTL_MINUTES],
    );
    if (deliver) await this.gateway.send(phone, `【车联】您的${PURPOSE_TEXT[purpose]}验证码为${code}，${SMS_CODE_TTL_MINUTES}分钟内有效，请勿泄露给他人。`);
    return { expiresInSeconds: SMS_CODE_TTL_MINUTES * 60 };
  }

  /** True once for the newest live code of that phone and purpose; wrong tries are counted. */
  async consume(phone: string, purpose: SmsPurpose, code: string | undefined): Promise<boolean> {
    if (!code || !PHONE_PATTERN.test(phone)) return false;
    return this.db.tx(async (q) => {
      const row = (await q.query<{ id: number; code: string; attempts: number }>(
        `SELECT id, code, attempts FROM sms_codes
          WHERE phone = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
          ORDER BY created_at DESC LIMIT 1 FOR UPDATE`,
        [phone, purpose],
      ))[0];
      if (!row || row.attempts >= MAX_ATTEMPTS) return false;
      if (row.code !== code.trim()) {
        await q.query('UPDATE sms_codes SET attempts = attempts + 1 WHERE id = $1', [row.id]);
        return false;
      }
      await q.query('UPDATE sms_codes SET used_at = now() WHERE id = $1', [row.id]);
      return true;
    });
  }
}
