import type { Account, AdminUser, Role } from '@chelian/contracts';
import type { SessionUser } from '../../core/sessionUser.ts';
import type { AccountListRow, AdminUserRow, RoleRow } from './admin.queries.ts';
import { maskPhone } from './user.presenter.ts';

/** depth is counted from the caller's own account (0). */
export function presentAccount(a: AccountListRow, rootDepth: number): Account {
  return {
    id: a.id,
    parentId: a.parent_id,
    name: a.name,
    kind: a.kind,
    contact: a.contact,
    phone: a.phone,
    enabled: a.enabled,
    expiresAt: a.expires_at?.getTime() ?? null,
    created: a.created_at.getTime(),
    depth: a.path.split('/').length - 2 - rootDepth,
    childCount: a.child_count,
    terminalCount: a.terminal_count,
    vehicleCount: a.vehicle_count,
    personCount: a.person_count,
    petCount: a.pet_count,
    userCount: a.user_count,
  };
}

export function presentAdminUser(u: AdminUserRow): AdminUser {
  return {
    id: u.id,
    accountId: u.account_id,
    accountName: u.account_name,
    roleId: u.role_id,
    roleName: u.role_name,
    username: u.username,
    name: u.name,
    phone: maskPhone(u.phone),
    enabled: u.enabled,
    lastLoginAt: u.last_login_at?.getTime() ?? null,
  };
}

export function presentRole(r: RoleRow, user: Pick<SessionUser, 'roleId'>): Role {
  return {
    id: r.id,
    accountId: r.account_id,
    accountName: r.account_name,
    name: r.name,
    description: r.description,
    isAdmin: r.is_admin,
    isOwn: r.id === user.roleId,
    userCount: r.user_count,
    resourceIds: r.resource_ids,
  };
}
