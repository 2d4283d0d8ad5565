import type { SessionUser } from './sessionUser.ts';

/**
 * The one tenant rule: a caller sees its own account and every account below it. An account's
 * path ('/1/5/') starts with the path of every account above it, so "below or the same" is a
 * prefix test, written here once for SQL and once for code; nothing else spells it.
 *
 * Queries put `accountInScope('a.path', n)` in their WHERE clause and pass `scopeParam(user)` as
 * parameter n; where neither side is a parameter, `pathWithinSql(path, scope)` takes two SQL expressions.
 */
export function pathWithinSql(path: string, scope: string): string {
  return `${path} LIKE ${scope} || '%'`;
}

export function accountInScope(pathColumn: string, paramIndex: number): string {
  return pathWithinSql(pathColumn, `$${paramIndex}`);
}

export function scopeParam(user: Pick<SessionUser, 'accountPath'>): string {
  return user.accountPath;
}

/** The account at `path` is the one at `scope` or below it (the rule in code, for paths already loaded). */
export function pathWithin(path: string, scope: string): boolean {
  return path.startsWith(scope);
}

/** Same rule for a caller, for ids already loaded. */
export function pathInScope(user: Pick<SessionUser, 'accountPath'>, accountPath: string): boolean {
  return pathWithin(accountPath, user.accountPath);
}
