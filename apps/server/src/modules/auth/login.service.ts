import type { LoginForm, LoginResult } from '@chelian/contracts';
import type { Db } from '../../db/types.ts';
import { fail } from '../../http/errors.ts';
import { authQueries } from './auth.queries.ts';
import type { CaptchaService } from './captcha.service.ts';
import { DECOY_HASH_PROMISE, verifyPassword } from './password.ts';
import type { SessionService } from './session.service.ts';
import type { SmsCodeService } from './sms.service.ts';

export const CAPTCHA_AFTER_FAILURES = 3;
export const LOCK_AFTER_FAILURES = 10;
export const FAILURE_WINDOW_MINUTES = 15;

export const LOGIN_MSG = {
  wrongCredentials: '用户名或密码错误',
  wrongCredentialsNeedCaptcha: '用户名或密码错误，请输入验证码后重试',
  captchaRequired: '请输入正确的验证码',
  locked: `登录失败次数过多，账号已锁定${FAILURE_WINDOW_MINUTES}分钟，请稍后再试`,
  clearTextRefused: '密码未加密，请刷新页面后重试',
  missingFields: '请输入用户名和密码',
  wrongSmsCode: '手机号或短信验证码错误',
} as const;

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
  ) {}

  async login(form: LoginForm, ctx: LoginContext): Promise<LoginResult> {
    if (form.phone && !form.username) return this.loginBySms(form.phone, form.smsCode, ctx);
    const username = (form.username ?? '').trim();
    if (!username || !form.password) throw fail(LOGIN_MSG.missingFields);
    const plain = this.decrypt(form.password);
    if (plain === null) throw fail(LOGIN_MSG.clearTextRefused);

    // Unknown usernames count failures and pay the hash cost exactly like known ones.
    const failures = await authQueries.countRecentFailures(this.db, username, FAILURE_WINDOW_MINUTES);
    if (failures >= LOCK_AFTER_FAILURES) throw fail(LOGIN_MSG.locked, { captchaRequired: true, locked: true });
    if (failures >= CAPTCHA_AFTER_FAILURES && !(await this.captchas.verify(form.codeKey, form.code))) {
      throw fail(LOGIN_MSG.captchaRequired, { captchaRequired: true });
    }
    const user = await authQueries.userByUsername(this.db, username);
    const ok = await verifyPassword(plain, user?.password_hash ?? (await DECOY_HASH_PROMISE));
    if (!user || !ok || !user.enabled) {
      await authQueries.addFailure(this.db, username);
      const now = failures + 1;
      if (now >= LOCK_AFTER_FAILURES) throw fail(LOGIN_MSG.locked, { captchaRequired: true, locked: true });
      if (now >= CAPTCHA_AFTER_FAILURES) throw fail(LOGIN_MSG.wrongCredentialsNeedCaptcha, { captchaRequired: true });
      throw fail(LOGIN_MSG.wrongCredentials, { captchaRequired: false });
    }
    await authQueries.clearFailures(this.db, username);
    const sessionId = await this.sessions.create(user.id, ctx.ip, ctx.userAgent);
    return { sessionId, userId: user.id };
  }

  private async loginBySms(phone: string, code: string | undefined, ctx: LoginContext): Promise<LoginResult> {
    const ok = await this.sms.consume(phone, 'login', code);
    const user = ok ? await authQueries.userByPhone(this.db, phone) : undefined;
    if (!user) throw fail(LOGIN_MSG.wrongSmsCode);
    const sessionId = await this.sessions.create(user.id, ctx.ip, ctx.userAgent);
    return { sessionId, userId: user.id };
  }
}
