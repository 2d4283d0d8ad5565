import type { SessionUser } from './sessionUser.ts';
import { accountInScope, scopeParam } from './accountScope.ts';

/**
 * The tenant rule for terminal data, on top of the account rule: an unassigned terminal (no
 * account) sits at the root '/', above every account, so only a platform administrator — whose
 * scope is widened to '/' — sees it. Queries write `terminalInScope('a.path', n)` with the
 * accounts row LEFT JOINed as `a`, and pass `terminalScope(user)` as parameter n.
 */
export const UNASSIGNED_PATH = '/';

export function terminalInScope(accountPathColumn: string, paramIndex: number): string {
  return accountInScope(`COALESCE(${accountPathColumn}, '${UNASSIGNED_PATH}')`, paramIndex);
}

export type Scope = Pick<SessionUser, 'accountPath' | 'isPlatformAdmin'>;

export function terminalScope(user: Scope): string {
  return user.isPlatformAdmin ? UNASSIGNED_PATH : scopeParam(user);
}

/** Bus subject tokens of an account path: '/1/5/' → ['1','5']; unassigned → []. */
export function pathTokens(accountPath: string | null): string[] {
  return (accountPath ?? UNASSIGNED_PATH).split('/').filter(Boolean);
}
