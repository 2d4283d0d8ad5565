import type { SessionUser } from './sessionUser.ts';

/**
 * The one tenant rule: a caller sees its own account and every account below it. Queries put
 * `accountInScope('a.path', n)` in their WHERE clause and pass `scopeParam(user)` as parameter n.
 */
export function accountInScope(pathColumn: string, paramIndex: number): string {
  return `${pathColumn} LIKE $${paramIndex} || '%'`;
}

export function scopeParam(user: Pick<SessionUser, 'accountPath'>): string {
  return user.accountPath;
}

/** Same rule in code, for ids already loaded. */
export function pathInScope(user: Pick<SessionUser, 'accountPath'>, accountPath: string): boolean {
  return accountPath.startsWith(user.accountPath);
}
