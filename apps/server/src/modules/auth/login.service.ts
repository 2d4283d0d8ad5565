import { AUTH_ERRORS, type LoginFailure, type LoginForm, type LoginResult } from '@chelian/contracts';
import type { Db } from '../../db/types.ts';
import { AppError, rateLimitedError } from '../../http/errors.ts';
import { authQueries } from './auth.queries.ts';
import type { CaptchaService } from './captcha.service.ts';
import { DECOY_HASH_PROMISE, passwordChecksWaiting, verifyPassword } from './password.ts';
import type { SessionService } from './session.service.ts';
import type { SmsCodeService } from './sms.service.ts';

export const CAPTCHA_AFTER_FAILURES = 3;
export const LOCK_AFTER_FAILURES = 10;
export const FAILURE_WINDOW_MINUTES = 15;
/** Password checks that may wait for the one running (~140 ms each): a few seconds' worth; a login beyond is answered 429. */
export const MAX_PASSWORD_CHECKS_WAITING = 32;

// What a failed login tells the screen about its next try (the obj of the failure).
const NEEDS_CAPTCHA: LoginFailure = { captchaRequired: true };
const LOCKED: LoginFailure = { captchaRequired: true, locked: true };
const lockedError = () => new AppError(AUTH_ERRORS.locked, { params: { minutes: FAILURE_WINDOW_MINUTES }, obj: LOCKED });

export interface LoginContext {
  ip: string;
  userAgent: string;
}

/** Username/password and SMS login, with captcha after 3 failures and a lock after 10. */
export class LoginService {
  constructor(
    private readonly db: Db,
    private readonly decrypt: (cipher: string) => string | null,
    private readonly sessions: SessionService,
    private readonly captchas: CaptchaService,
    private readonly sms: SmsCodeService,
    /** Failed attempts per username in the window past which it answers 429 before any work (0: none). */
    private readonly failureBudget = 0,
  ) {}

  async login(form: LoginForm, ctx: LoginContext): Promise<LoginResult> {
    if (form.phone && !form.username) return this.loginBySms(form.phone, form.smsCode, ctx);
    const username = (form.username ?? '').trim();
    if (!username || !form.password) throw new AppError(AUTH_ERRORS.missingFields);
    // Unknown usernames count failures and pay the hash cost exactly like known ones.
    const recent = await authQueries.recentFailures(this.db, username, FAILURE_WINDOW_MINUTES);
    const failures = recent.count;
    // Past the account's budget (attempts refused while locked count too), answered before the
    // decryption: a flood on one name from many addresses costs one query per attempt.
    if (this.failureBudget > 0 && failures >= this.failureBudget) throw rateLimitedError(recent.clearsInSeconds);
    const plain = this.decrypt(form.password);
    if (plain === null) throw new AppError(AUTH_ERRORS.clearTextRefused);
    if (passwordChecksWaiting() >= MAX_PASSWORD_CHECKS_WAITING) throw rateLimitedError(2);

    if (failures >= LOCK_AFTER_FAILURES) {
      await authQueries.addFailure(this.db, username);
      throw lockedError();
    }
    if (failures >= CAPTCHA_AFTER_FAILURES && !(await this.captchas.verify(form.codeKey, form.code))) {
      throw new AppError(AUTH_ERRORS.captchaRequired, { obj: NEEDS_CAPTCHA });
    }
    const user = await authQueries.userByUsername(this.db, username);
    const ok = await verifyPassword(plain, user?.password_hash ?? (await DECOY_HASH_PROMISE));
    if (!user || !ok || !user.enabled) {
      await authQueries.addFailure(this.db, username);
      const now = failures + 1;
      if (now >= LOCK_AFTER_FAILURES) throw lockedError();
      if (now >= CAPTCHA_AFTER_FAILURES) throw new AppError(AUTH_ERRORS.wrongCredentialsNeedCaptcha, { obj: NEEDS_CAPTCHA });
      throw new AppError(AUTH_ERRORS.wrongCredentials, { obj: { captchaRequired: false } satisfies LoginFailure });
    }
    await authQueries.clearFailures(this.db, username);
    const sessionId = await this.sessions.create(user.id, ctx.ip, ctx.userAgent);
    return { sessionId, userId: user.id };
  }

  private async loginBySms(phone: string, code: string | undefined, ctx: LoginContext): Promise<LoginResult> {
    const ok = await this.sms.consume(phone, 'login', code);
    const user = ok ? await authQueries.userByPhone(this.db, phone) : undefined;
    if (!user) throw new AppError(AUTH_ERRORS.wrongSmsCode);
    const sessionId = await this.sessions.create(user.id, ctx.ip, ctx.userAgent);
    return { sessionId, userId: user.id };
  }
}
