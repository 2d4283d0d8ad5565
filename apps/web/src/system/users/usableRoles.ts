import type { Account, Role } from '@chelian/contracts';

/** The roles a user of `accountId` may hold: those of the account itself or of an account above it. */
export function usableRoles(roles: readonly Role[], accounts: readonly Account[], accountId: number | undefined): Role[] {
  if (accountId === undefined) return [];
  const byId = new Map(accounts.map((a) => [a.id, a]));
  const chain = new Set<number>();
  for (let a = byId.get(accountId); a; a = a.parentId === null ? undefined : byId.get(a.parentId)) chain.add(a.id);
  return roles.filter((r) => chain.has(r.accountId) && !r.isAdmin);
}
