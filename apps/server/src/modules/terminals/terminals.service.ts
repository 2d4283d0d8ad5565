import type { Queryable } from '../../db/types.ts';
import { AppError, fail } from '../../http/errors.ts';
import type { SessionUser } from '../auth/session.service.ts';
import { pathInScope } from '../accounts/scope.ts';
import { identifierKey, isProtocol, normalizeIdentifier, type TerminalProtocol } from './identifiers.ts';
import { terminalScope } from './terminalScope.ts';
import { terminalsQueries, type TerminalRow } from './terminals.queries.ts';
import { vehiclesQueries } from './vehicles.queries.ts';

export interface TerminalInput {
  identifier: string;
  protocol?: string;
  model?: string;
  sim?: string;
  serviceExpiresAt?: Date | null;
  remark?: string;
}

export function protocolOf(value: string | undefined): TerminalProtocol | undefined {
  if (value === undefined || value === '') return undefined;
  const lower = value.trim().toLowerCase().replace(/[^a-z0-9]/g, '');
  if (isProtocol(lower)) return lower;
  if (lower === 'jtt808' || lower === '808') return 'jt808';
  throw fail(`不支持的设备协议：${value}（可选 JT/T 808、GT06、H02）`);
}

/** The visible terminals named by these identifiers (with or without leading zeros), in the given order. */
export async function visibleTerminals(q: Queryable, user: SessionUser, identifiers: string[]): Promise<TerminalRow[]> {
  const keys = identifiers.map(identifierKey);
  const rows = await terminalsQueries.visibleByKeys(q, terminalScope(user), keys);
  const byKey = new Map(rows.map((r) => [r.identifier_key, r]));
  const out: TerminalRow[] = [];
  for (const key of keys) {
    const row = byKey.get(key);
    // A foreign terminal answers exactly like a missing one.
    if (!row) throw new AppError('notFound', '设备不存在或无权访问');
    out.push(row);
  }
  return out;
}

export async function visibleTerminal(q: Queryable, user: SessionUser, identifier: string): Promise<TerminalRow> {
  return (await visibleTerminals(q, user, [identifier]))[0];
}

/**
 * Finds or creates the terminal an asset is given, and puts it in `accountId`. A terminal of the
 * caller's subtree moves along; an unassigned one (connected before anyone registered it) is
 * claimed by whoever types its full identifier; one of another tenant, or already in another
 * vehicle, is refused. Returns the terminal's row id.
 */
export async function claimTerminal(q: Queryable, user: SessionUser, input: TerminalInput, accountId: number, forVehicleId: number | null): Promise<{ id: number; identifier: string }> {
  const key = identifierKey(input.identifier);
  const existing = key ? (await terminalsQueries.anyByKeys(q, [key]))[0] : undefined;
  const protocol = protocolOf(input.protocol) ?? (existing?.protocol as TerminalProtocol | undefined);
  if (!protocol) throw fail('请选择设备协议');
  const normalized = normalizeIdentifier(protocol, input.identifier);
  if (!normalized.ok) throw fail(normalized.msg);

  if (!existing) {
    const id = await terminalsQueries.insert(q, {
      identifier: normalized.identifier, identifierKey: key, protocol, model: input.model ?? '', sim: input.sim ?? '',
      accountId, serviceExpiresAt: input.serviceExpiresAt ?? null, remark: input.remark ?? '',
    });
    return { id, identifier: normalized.identifier };
  }
  if (existing.account_id !== null && !pathInScope(user, existing.account_path ?? '')) throw fail(`设备号 ${input.identifier} 已被其他账户使用`);
  if (existing.vehicle_id !== null && existing.vehicle_id !== forVehicleId) {
    throw fail(`设备号 ${input.identifier} 已绑定车辆 ${existing.plate || existing.vehicle_name}`);
  }
  if (existing.account_id !== accountId) await terminalsQueries.assign(q, [existing.id], accountId);
  await terminalsQueries.update(q, existing.id, {
    protocol, model: input.model, sim: input.sim, serviceExpiresAt: input.serviceExpiresAt, remark: input.remark,
  });
  return { id: existing.id, identifier: existing.identifier };
}

/** Moves terminals to an account (or back to stock); one moving to another account leaves its vehicle. */
export async function assignTerminals(q: Queryable, rows: TerminalRow[], accountId: number | null) {
  const leaving = rows.filter((r) => r.vehicle_id !== null && r.vehicle_account_id !== accountId).map((r) => r.id);
  if (leaving.length) await vehiclesQueries.unbindTerminals(q, leaving);
  return terminalsQueries.assign(q, rows.map((r) => r.id), accountId);
}
