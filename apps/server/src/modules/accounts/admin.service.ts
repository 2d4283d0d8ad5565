import {
  ACCOUNT_ERRORS,
  ACCOUNT_KINDS,
  PERSON_ACCOUNT_KIND,
  isOneOf,
  RESOURCE_BY_CODE,
  type AccountAddInput,
  type AccountKind,
  type AccountUpdateInput,
  type AdminUserQuery,
  type RoleSaveInput,
  type UserAddInput,
  type UserUpdateInput,
} from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import { subjects } from '../../bus/subjects.ts';
import { AppError } from '../../http/errors.ts';
import { pageWindow } from '../../http/paging.ts';
import { hashPassword, isStrongPassword } from '../auth/password.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import { pathWithin } from '../../core/accountScope.ts';
import { PHONE_PATTERN } from '../auth/sms.service.ts';
import { adminQueries } from './admin.queries.ts';
import { containsPattern } from '../../db/likeText.ts';

const kindOf = (kind: string | undefined): AccountKind => (isOneOf(ACCOUNT_KINDS, kind) ? kind : 'customer');

/** Account, user and role administration inside the caller's subtree. */
export class AdminService {
  constructor(private readonly ctx: AppContext) {}

  private async account(user: SessionUser, id: number) {
    const row = await adminQueries.accountInScope(this.ctx.db, user.accountPath, id);
    if (!row) throw new AppError(ACCOUNT_ERRORS.accountNotFound);
    return row;
  }

  accounts(user: SessionUser) {
    return adminQueries.accountsWithHoldings(this.ctx.db, user.accountPath);
  }

  private checkAccountFields(input: { name: string; phone?: string }) {
    const name = input.name.trim();
    if (!name) throw new AppError(ACCOUNT_ERRORS.nameRequired);
    if (input.phone && !PHONE_PATTERN.test(input.phone)) throw new AppError(ACCOUNT_ERRORS.contactPhoneInvalid);
    return name;
  }

  async addAccount(user: SessionUser, input: AccountAddInput) {
    const name = this.checkAccountFields(input);
    const parent = await this.account(user, input.parentId ?? user.accountId);
    return adminQueries.insertAccount(this.ctx.db, {
      parentId: parent.id,
      parentPath: parent.path,
      name,
      kind: kindOf(input.kind),
      contact: input.contact ?? '',
      phone: input.phone ?? '',
      expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
    });
  }

  async updateAccount(user: SessionUser, input: AccountUpdateInput) {
    const name = this.checkAccountFields(input);
    const row = await this.account(user, input.id);
    // An account's own settings (enabled, expiry) belong to whoever is above it.
    if (row.id === user.accountId) throw new AppError(ACCOUNT_ERRORS.ownAccountLocked);
    await adminQueries.updateAccount(this.ctx.db, row.id, {
      name,
      // A 个人用户 (掌上车联's invited person, docs/end-users.md) stays one: its kind is what keeps its assets delegated.
      kind: row.kind === PERSON_ACCOUNT_KIND ? row.kind : kindOf(input.kind ?? row.kind),
      contact: input.contact ?? row.contact,
      phone: input.phone ?? row.phone,
      enabled: input.enabled ?? row.enabled,
      expiresAt: input.expiresAt === undefined ? row.expires_at : input.expiresAt ? new Date(input.expiresAt) : null,
    });
    if (input.enabled === false) await this.endSessions(() => adminQueries.endAccountSessions(this.ctx.db, row.path));
    return row.id;
  }

  /** Refused while the account holds sub-accounts, terminals, vehicles, people or pets: those must move first. */
  async deleteAccount(user: SessionUser, id: number) {
    const row = await this.account(user, id);
    if (row.id === user.accountId) throw new AppError(ACCOUNT_ERRORS.ownAccountDelete);
    return this.ctx.db.tx(async (q) => {
      const held = await adminQueries.holdings(q, row.id);
      const what = [
        held.child_count && `${held.child_count}个下级账户`,
        held.terminal_count && `${held.terminal_count}台终端`,
        held.vehicle_count && `${held.vehicle_count}辆车辆`,
        held.person_count && `${held.person_count}名人员`,
        held.pet_count && `${held.pet_count}只宠物`,
      ].filter(Boolean);
      if (what.length) throw new AppError(ACCOUNT_ERRORS.stillHolds, { params: { name: row.name, what: what.join('、') } });
      await adminQueries.deleteAccount(q, row.id);
      return row.id;
    });
  }

  /** Ends sessions, and tells every process's live feeds so theirs close now, not at the next check. */
  private async endSessions(end: () => Promise<unknown>) {
    await end();
    this.ctx.bus.publish(subjects.sessionsEnded, {});
  }

  private async decryptPassword(cipher: string) {
    const plain = this.ctx.decrypt(cipher);
    if (plain === null) throw new AppError(ACCOUNT_ERRORS.passwordNotEncrypted);
    if (!isStrongPassword(plain)) throw new AppError(ACCOUNT_ERRORS.weakPassword);
    return hashPassword(plain);
  }

  /** A user's role must be visible to the caller and belong to the user's account or one above it. */
  private async checkRole(user: SessionUser, roleId: number, accountPath: string) {
    const role = await adminQueries.roleInScope(this.ctx.db, user.accountPath, roleId);
    const roleAccount = role && (await adminQueries.accountInScope(this.ctx.db, user.accountPath, role.account_id));
    if (!role || !roleAccount || !pathWithin(accountPath, roleAccount.path)) throw new AppError(ACCOUNT_ERRORS.roleNotUsable);
    if (role.is_admin && !user.isPlatformAdmin) throw new AppError(ACCOUNT_ERRORS.roleNotUsable);
  }

  /** A phone logs one user in by SMS, so it belongs to one user only. */
  private async checkPhone(phone: string | undefined, userId: number) {
    if (!phone) return;
    if (!PHONE_PATTERN.test(phone)) throw new AppError(ACCOUNT_ERRORS.phoneInvalid);
    if (await adminQueries.phoneTaken(this.ctx.db, phone, userId)) throw new AppError(ACCOUNT_ERRORS.phoneTaken);
  }

  async users(user: SessionUser, query: AdminUserQuery) {
    const win = pageWindow(query);
    const { total, rows } = await adminQueries.usersPage(
      this.ctx.db,
      user.accountPath,
      query.accountId ?? null,
      containsPattern(query.keyword),
      win.sql.limit,
      win.sql.offset,
    );
    return { total, current: win.current, pageSize: win.pageSize, rows };
  }

  async addUser(user: SessionUser, input: UserAddInput) {
    const account = await this.account(user, input.accountId);
    await this.checkPhone(input.phone, 0);
    await this.checkRole(user, input.roleId, account.path);
    const username = input.username.trim();
    if (!/^[A-Za-z0-9_.@-]{3,32}$/.test(username)) throw new AppError(ACCOUNT_ERRORS.usernameInvalid);
    if (await adminQueries.usernameTaken(this.ctx.db, username, 0)) throw new AppError(ACCOUNT_ERRORS.usernameTaken);
    const passwordHash = await this.decryptPassword(input.password);
    return adminQueries.insertUser(this.ctx.db, {
      accountId: account.id,
      roleId: input.roleId,
      username,
      name: input.name ?? '',
      phone: input.phone ?? '',
      passwordHash,
    });
  }

  async updateUser(user: SessionUser, input: UserUpdateInput) {
    const account = await this.account(user, input.accountId);
    const target = await adminQueries.userInScope(this.ctx.db, user.accountPath, input.id);
    if (!target || target.account_id !== account.id) throw new AppError(ACCOUNT_ERRORS.userNotFound);
    if (target.id === user.userId && input.enabled === false) throw new AppError(ACCOUNT_ERRORS.disableSelf);
    await this.checkPhone(input.phone, target.id);
    await this.checkRole(user, input.roleId, account.path);
    await adminQueries.updateUser(this.ctx.db, target.id, {
      roleId: input.roleId,
      name: input.name ?? target.name,
      phone: input.phone ?? target.phone,
      enabled: input.enabled ?? target.enabled,
    });
    if (input.enabled === false) await this.endSessions(() => adminQueries.endSessions(this.ctx.db, target.id));
    return target.id;
  }

  async resetPassword(user: SessionUser, userId: number, cipher: string) {
    const target = await adminQueries.userInScope(this.ctx.db, user.accountPath, userId);
    if (!target || (target.is_platform_admin && target.id !== user.userId)) throw new AppError(ACCOUNT_ERRORS.userNotFound);
    await adminQueries.setPassword(this.ctx.db, target.id, await this.decryptPassword(cipher));
    await this.endSessions(() => adminQueries.endSessions(this.ctx.db, target.id));
    return target.id;
  }

  roles(user: SessionUser, accountId: number | null) {
    return adminQueries.rolesInScope(this.ctx.db, user.accountPath, accountId);
  }

  /**
   * Roles grant at most what the caller holds: nobody hands out a permission they lack. The
   * caller's own role is not theirs to change (it would raise itself).
   */
  async saveRole(user: SessionUser, input: RoleSaveInput) {
    const account = await this.account(user, input.accountId);
    const name = input.name.trim();
    if (!name) throw new AppError(ACCOUNT_ERRORS.roleNameRequired);
    const grantable = new Set([...user.permissions].map((code) => RESOURCE_BY_CODE.get(code)?.id));
    if (input.resourceIds.some((id) => !grantable.has(id))) throw new AppError(ACCOUNT_ERRORS.roleExceedsGrantor);
    return this.ctx.db.tx(async (q) => {
      let id = input.id;
      if (id === undefined) id = await adminQueries.insertRole(q, account.id, name, input.description ?? '');
      else {
        const role = await adminQueries.roleInScope(q, user.accountPath, id);
        if (!role || role.account_id !== account.id) throw new AppError(ACCOUNT_ERRORS.roleNotFound);
        if (role.is_admin) throw new AppError(ACCOUNT_ERRORS.adminRoleLocked);
        if (role.id === user.roleId) throw new AppError(ACCOUNT_ERRORS.ownRoleLocked);
        await adminQueries.updateRole(q, id, name, input.description ?? '');
      }
      await adminQueries.setRoleResources(q, id, input.resourceIds);
      return id;
    });
  }
}
