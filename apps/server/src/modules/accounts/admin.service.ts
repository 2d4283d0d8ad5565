import { PASSWORD_RULE_TEXT } from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import { AppError, fail } from '../../http/errors.ts';
import { hashPassword, isStrongPassword } from '../auth/password.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import { PHONE_PATTERN } from '../auth/sms.service.ts';
import { adminQueries } from './admin.queries.ts';
import { RESOURCE_BY_CODE } from '@chelian/contracts';

export interface AccountInput {
  id?: number;
  parentId?: number;
  name: string;
  kind?: string;
  contact?: string;
  phone?: string;
  enabled?: boolean;
  expiresAt?: number | null;
}

export interface UserInput {
  id?: number;
  accountId: number;
  roleId: number;
  username?: string;
  name?: string;
  phone?: string;
  enabled?: boolean;
  /** base64 RSA, like login */
  password?: string;
}

export interface RoleInput {
  id?: number;
  accountId: number;
  name: string;
  description?: string;
  resourceIds: number[];
}

const KINDS = ['dealer', 'customer'];

/** Account, user and role administration inside the caller's subtree. */
export class AdminService {
  constructor(private readonly ctx: AppContext) {}

  private async account(user: SessionUser, id: number) {
    const row = await adminQueries.accountInScope(this.ctx.db, user.accountPath, id);
    if (!row) throw new AppError('notFound', '账户不存在或无权访问');
    return row;
  }

  async saveAccount(user: SessionUser, input: AccountInput) {
    const name = input.name.trim();
    if (!name) throw fail('请输入账户名称');
    if (input.phone && !PHONE_PATTERN.test(input.phone)) throw fail('联系电话格式不正确');
    const kind = input.kind && KINDS.includes(input.kind) ? input.kind : 'customer';
    const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
    if (input.id === undefined) {
      const parent = await this.account(user, input.parentId ?? user.accountId);
      return adminQueries.insertAccount(this.ctx.db, { parentId: parent.id, parentPath: parent.path, name, kind, contact: input.contact ?? '', phone: input.phone ?? '', expiresAt });
    }
    const row = await this.account(user, input.id);
    // An account's own settings (enabled, expiry) belong to whoever is above it.
    if (row.id === user.accountId) throw fail('不能修改本账户的状态，请联系上级账户');
    await adminQueries.updateAccount(this.ctx.db, row.id, { name, kind, contact: input.contact ?? row.contact, phone: input.phone ?? row.phone, enabled: input.enabled ?? row.enabled, expiresAt });
    return row.id;
  }

  private async decryptPassword(cipher: string) {
    const plain = this.ctx.decrypt(cipher);
    if (plain === null) throw fail('密码未加密，请刷新页面后重试');
    if (!isStrongPassword(plain)) throw fail(PASSWORD_RULE_TEXT);
    return hashPassword(plain);
  }

  /** A user's role must be visible to the caller and belong to the user's account or one above it. */
  private async checkRole(user: SessionUser, roleId: number, accountPath: string) {
    const role = await adminQueries.roleInScope(this.ctx.db, user.accountPath, roleId);
    const roleAccount = role && (await adminQueries.accountInScope(this.ctx.db, user.accountPath, role.account_id));
    if (!role || !roleAccount || !accountPath.startsWith(roleAccount.path)) throw fail('所选角色不可用于该账户');
    if (role.is_admin && !user.isPlatformAdmin) throw fail('所选角色不可用于该账户');
  }

  async saveUser(user: SessionUser, input: UserInput) {
    const account = await this.account(user, input.accountId);
    if (input.phone && !PHONE_PATTERN.test(input.phone)) throw fail('手机号格式不正确');
    await this.checkRole(user, input.roleId, account.path);
    if (input.id === undefined) {
      const username = (input.username ?? '').trim();
      if (!/^[A-Za-z0-9_.@-]{3,32}$/.test(username)) throw fail('用户名为3-32位字母、数字或 _ . @ -');
      if (await adminQueries.usernameTaken(this.ctx.db, username, 0)) throw fail('用户名已存在');
      if (!input.password) throw fail('请设置初始密码');
      const passwordHash = await this.decryptPassword(input.password);
      return adminQueries.insertUser(this.ctx.db, { accountId: account.id, roleId: input.roleId, username, name: input.name ?? '', phone: input.phone ?? '', passwordHash });
    }
    const target = await adminQueries.userInScope(this.ctx.db, user.accountPath, input.id);
    if (!target || target.account_id !== account.id) throw new AppError('notFound', '用户不存在或无权访问');
    if (target.id === user.userId && input.enabled === false) throw fail('不能停用当前登录的用户');
    await adminQueries.updateUser(this.ctx.db, target.id, { roleId: input.roleId, name: input.name ?? '', phone: input.phone ?? '', enabled: input.enabled ?? true });
    if (input.enabled === false) await adminQueries.endSessions(this.ctx.db, target.id);
    return target.id;
  }

  async resetPassword(user: SessionUser, userId: number, cipher: string) {
    const target = await adminQueries.userInScope(this.ctx.db, user.accountPath, userId);
    if (!target || (target.is_platform_admin && target.id !== user.userId)) throw new AppError('notFound', '用户不存在或无权访问');
    await adminQueries.setPassword(this.ctx.db, target.id, await this.decryptPassword(cipher));
    await adminQueries.endSessions(this.ctx.db, target.id);
    return target.id;
  }

  /** Roles grant at most what the caller holds: nobody hands out a permission they lack. */
  async saveRole(user: SessionUser, input: RoleInput) {
    const account = await this.account(user, input.accountId);
    const name = input.name.trim();
    if (!name) throw fail('请输入角色名称');
    const grantable = new Set([...user.permissions].map((code) => RESOURCE_BY_CODE.get(code)?.id));
    const denied = input.resourceIds.filter((id) => !grantable.has(id));
    if (denied.length) throw fail('不能分配超出本人权限范围的菜单或按钮');
    return this.ctx.db.tx(async (q) => {
      let id = input.id;
      if (id === undefined) id = await adminQueries.insertRole(q, account.id, name, input.description ?? '');
      else {
        const role = await adminQueries.roleInScope(q, user.accountPath, id);
        if (!role || role.account_id !== account.id) throw new AppError('notFound', '角色不存在或无权访问');
        if (role.is_admin) throw fail('平台管理员角色不可修改');
        await adminQueries.updateRole(q, id, name, input.description ?? '');
      }
      await adminQueries.setRoleResources(q, id, input.resourceIds);
      return id;
    });
  }
}
