import { AUTH_ERRORS, COMMON_ERRORS, SECURITY_ERRORS, type AuthData, type PrivacySettings, type ThemeName } from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/errors.ts';
import { subjects } from '../../bus/subjects.ts';
import { authQueries } from '../auth/auth.queries.ts';
import { hashPassword, isStrongPassword, verifyPassword } from '../auth/password.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import { maskPhone } from '../accounts/user.presenter.ts';
import { securityQueries } from './security.queries.ts';

/** The security centre's rules: password change, phone binding, WeChat unbinding, privacy. */
export class SecurityService {
  constructor(private readonly ctx: AppContext) {}

  private async row(userId: number) {
    const row = await securityQueries.user(this.ctx.db, userId);
    if (!row) throw new AppError(COMMON_ERRORS.sessionExpired);
    return row;
  }

  async authData(user: SessionUser): Promise<AuthData> {
    const row = await this.row(user.userId);
    return {
      phone: maskPhone(row.phone),
      phoneBound: row.phone !== '',
      wxBound: row.wx_openid !== '',
      wxNickname: row.wx_nickname,
      lastLoginAt: row.last_login_at?.getTime() ?? null,
      lastLoginIp: row.last_login_ip,
      activeSessions: await authQueries.countSessions(this.ctx.db, user.userId),
    };
  }

  async changePassword(user: SessionUser, sessionId: string, oldCipher: string, newCipher: string) {
    const oldPassword = this.ctx.decrypt(oldCipher);
    const newPassword = this.ctx.decrypt(newCipher);
    if (oldPassword === null || newPassword === null) throw new AppError(AUTH_ERRORS.clearTextRefused);
    const row = await this.row(user.userId);
    if (!(await verifyPassword(oldPassword, row.password_hash))) throw new AppError(SECURITY_ERRORS.wrongOldPassword);
    if (!isStrongPassword(newPassword)) throw new AppError(SECURITY_ERRORS.weakPassword);
    if (newPassword === oldPassword) throw new AppError(SECURITY_ERRORS.samePassword);
    await securityQueries.setPassword(this.ctx.db, user.userId, await hashPassword(newPassword));
    const endedSessions = await this.ctx.sessions.endOthers(user.userId, sessionId);
    if (endedSessions > 0) this.ctx.bus.publish(subjects.sessionsEnded, {});
    return { endedSessions };
  }

  async bindPhone(user: SessionUser, phone: string, code: string) {
    // The code first: only whoever holds the phone learns that another account (of any tenant) has it.
    if (!(await this.ctx.sms.consume(phone, 'bind', code))) throw new AppError(SECURITY_ERRORS.wrongSmsCode);
    if (await securityQueries.phoneTakenByOther(this.ctx.db, phone, user.userId)) throw new AppError(SECURITY_ERRORS.phoneTaken);
    await securityQueries.setPhone(this.ctx.db, user.userId, phone);
    return { phone: maskPhone(phone) };
  }

  /** Proves the caller holds the bound phone (before sensitive operations). */
  async phoneAuth(user: SessionUser, phone: string, code: string) {
    const row = await this.row(user.userId);
    if (!row.phone || row.phone !== phone) throw new AppError(SECURITY_ERRORS.notBoundPhone);
    if (!(await this.ctx.sms.consume(phone, 'auth', code))) throw new AppError(SECURITY_ERRORS.wrongSmsCode);
    return { authorized: true };
  }

  async unbind(user: SessionUser, type: 'phone' | 'wx') {
    const row = await this.row(user.userId);
    if (type === 'wx') {
      if (!row.wx_openid) throw new AppError(SECURITY_ERRORS.wxNotBound);
      await securityQueries.clearWx(this.ctx.db, user.userId);
    } else {
      if (!row.phone) throw new AppError(SECURITY_ERRORS.phoneNotBound);
      await securityQueries.setPhone(this.ctx.db, user.userId, '');
    }
    return this.authData(user);
  }

  async updatePrivacy(user: SessionUser, patch: Partial<PrivacySettings>): Promise<PrivacySettings> {
    const row = await this.row(user.userId);
    // Only the known switches are kept: a body's other keys never reach the stored JSON.
    const next: PrivacySettings = {
      showPhone: patch.showPhone ?? row.privacy.showPhone,
      shareLocation: patch.shareLocation ?? row.privacy.shareLocation,
      allowAssistant: patch.allowAssistant ?? row.privacy.allowAssistant,
    };
    await securityQueries.setPrivacy(this.ctx.db, user.userId, next);
    return next;
  }

  async updateTheme(user: SessionUser, theme: ThemeName) {
    await securityQueries.setTheme(this.ctx.db, user.userId, theme);
    return { theme };
  }
}
