import {
  COMMON_ERRORS,
  DEFAULT_PLATFORM_ID,
  DICTIONARY_TYPES,
  SYSTEM_ERRORS,
  type AccountStatus,
  type DictionaryItem,
  type SystemInformation,
} from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import { AppError, oneOfOrRefuse } from '../../http/errors.ts';
import { systemQueries } from './system.queries.ts';

/** The version of the client-facing API, as the spec's version helper names it (§9). */
export const SYSTEM_VERSION = '1.0';

/** Every dictionary (or one), grouped by type. */
export async function dictionaries(ctx: AppContext, type: string | null): Promise<Record<string, DictionaryItem[]>> {
  if (type !== null) oneOfOrRefuse(DICTIONARY_TYPES, type, SYSTEM_ERRORS.dictionaryTypeUnknown, { value: 'type', list: 'types' });
  const out: Record<string, DictionaryItem[]> = {};
  for (const r of await systemQueries.dictionary(ctx.db, type)) (out[r.type] ??= []).push({ value: r.value, label: r.label });
  return out;
}

/** The caller's account: enabled, expiry, and its subtree's terminals (all and expiring within 30 days). */
export async function accountStatus(ctx: AppContext, accountId: number): Promise<AccountStatus> {
  const account = await systemQueries.account(ctx.db, accountId);
  if (!account) throw new AppError(COMMON_ERRORS.sessionExpired);
  const counts = await systemQueries.terminalCounts(ctx.db, account.path);
  const expiresAt = account.expires_at?.getTime() ?? null;
  return {
    accountId: account.id,
    accountName: account.name,
    enabled: account.enabled,
    expiresAt,
    expired: expiresAt !== null && expiresAt < Date.now(),
    terminalsTotal: counts.total,
    terminalsExpiringIn30Days: counts.expiringSoon,
  };
}

/** The spec's system info (GetInformation; docs/decisions.md "System centre"). */
export function systemInformation(ctx: AppContext): SystemInformation {
  const { systemName, baseUrl } = ctx.config.runtime;
  return { name: systemName, baseUrl, platformId: DEFAULT_PLATFORM_ID, version: SYSTEM_VERSION, serverTime: Date.now() };
}
