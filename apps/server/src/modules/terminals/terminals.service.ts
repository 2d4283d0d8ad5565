import { MAX_RENEW_MONTHS, TERMINAL_ERRORS, TERMINAL_STATES, type TerminalRenewInput, type TerminalState } from '@chelian/contracts';
import type { Db, Queryable } from '../../db/types.ts';
import type { Bus } from '../../bus/bus.ts';
import { AppError, oneOfOrRefuse } from '../../http/errors.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import { pathInScope } from '../../core/accountScope.ts';
import { identifierKey, isProtocol, normalizeIdentifier, type TerminalProtocol } from '../../core/identifiers.ts';
import { terminalScope } from '../../core/terminalScope.ts';
import { announceChanges, refuseTerminalHeldElsewhere, targetAccount } from './assets.ts';
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
  const lower = value
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
  if (isProtocol(lower)) return lower;
  if (lower === 'jtt808' || lower === '808') return 'jt808';
  if (value.trim() === '手表协议' || lower === '3g') return 'watch';
  throw new AppError(TERMINAL_ERRORS.protocolUnsupported, { params: { protocol: value } });
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
    if (!row) throw new AppError(TERMINAL_ERRORS.terminalNotVisible);
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
export async function claimTerminal(
  q: Queryable,
  user: SessionUser,
  input: TerminalInput,
  accountId: number,
  forVehicleId: number | null,
): Promise<{ id: number; identifier: string }> {
  const key = identifierKey(input.identifier);
  const existing = key ? (await terminalsQueries.anyByKeys(q, [key]))[0] : undefined;
  const protocol = protocolOf(input.protocol) ?? (existing?.protocol as TerminalProtocol | undefined);
  if (!protocol) throw new AppError(TERMINAL_ERRORS.protocolMissing);
  const normalized = normalizeIdentifier(protocol, input.identifier);
  if (!normalized.ok) throw new AppError(TERMINAL_ERRORS.identifierInvalid, { params: { reason: normalized.msg } });

  if (!existing) {
    const id = await terminalsQueries.insert(q, {
      identifier: normalized.identifier,
      identifierKey: key,
      protocol,
      model: input.model ?? '',
      sim: input.sim ?? '',
      accountId,
      serviceExpiresAt: input.serviceExpiresAt ?? null,
      remark: input.remark ?? '',
    });
    return { id, identifier: normalized.identifier };
  }
  if (existing.account_id !== null && !pathInScope(user, existing.account_path ?? ''))
    throw new AppError(TERMINAL_ERRORS.terminalOfOtherAccount, { params: { terminalId: input.identifier } });
  refuseTerminalHeldElsewhere(existing, 'vehicles');
  if (existing.vehicle_id !== null && existing.vehicle_id !== forVehicleId) {
    throw new AppError(TERMINAL_ERRORS.terminalInOtherVehicle, {
      params: { terminalId: input.identifier, vehicle: existing.plate || existing.vehicle_name || '' },
    });
  }
  if (existing.account_id !== accountId) await terminalsQueries.assign(q, [existing.id], accountId);
  await terminalsQueries.update(q, existing.id, {
    protocol,
    model: input.model,
    sim: input.sim,
    serviceExpiresAt: input.serviceExpiresAt,
    remark: input.remark,
  });
  return { id: existing.id, identifier: existing.identifier };
}

/** Moves terminals to an account (or back to stock); one moving to another account leaves its vehicle. */
export async function assignTerminals(q: Queryable, rows: TerminalRow[], accountId: number | null) {
  const leaving = rows.filter((r) => r.vehicle_id !== null && r.vehicle_account_id !== accountId).map((r) => r.id);
  if (leaving.length) await vehiclesQueries.unbindTerminals(q, leaving);
  return terminalsQueries.assign(
    q,
    rows.map((r) => r.id),
    accountId,
  );
}

/** Registers a new terminal in an account of the caller's subtree (the caller's own by default). */
export async function addTerminal(
  db: Db,
  bus: Bus,
  user: SessionUser,
  input: TerminalInput,
  accountId: number | undefined,
): Promise<string> {
  const created = await db.tx(async (q) => {
    const account = await targetAccount(q, user, accountId);
    const exists = (await terminalsQueries.anyByKeys(q, [identifierKey(input.identifier)])).length > 0;
    if (exists) throw new AppError(TERMINAL_ERRORS.terminalExists, { params: { terminalId: input.identifier } });
    return claimTerminal(q, user, input, account.id, null);
  });
  announceChanges(bus, [created.identifier]);
  return created.identifier;
}

export async function updateTerminal(db: Db, bus: Bus, user: SessionUser, identifier: string, changes: TerminalChanges): Promise<string> {
  const terminal = await visibleTerminal(db, user, identifier);
  await terminalsQueries.update(db, terminal.id, { ...changes, protocol: changes.protocol ? protocolOf(changes.protocol) : undefined });
  announceChanges(bus, [terminal.identifier]);
  return terminal.identifier;
}

export interface TerminalChanges {
  protocol?: string;
  model?: string;
  sim?: string;
  enabled?: boolean;
  remark?: string;
  serviceExpiresAt?: Date | null;
  activatedAt?: Date | null;
}

/** Moves terminals into an account of the subtree, or (accountId null) back to platform stock. */
export async function moveTerminals(db: Db, bus: Bus, user: SessionUser, identifiers: string[], accountId: number | null): Promise<number> {
  if (identifiers.length === 0) throw new AppError(TERMINAL_ERRORS.noTerminals);
  // Only the platform administrator sees the stock, so only it may put terminals back there.
  if (accountId === null && !user.isPlatformAdmin) throw new AppError(TERMINAL_ERRORS.unassignPlatformOnly);
  const moved = await db.tx(async (q) => {
    const rows = await visibleTerminals(q, user, identifiers);
    const target = accountId === null ? null : (await targetAccount(q, user, accountId)).id;
    return assignTerminals(q, rows, target);
  });
  announceChanges(
    bus,
    moved.map((m) => m.identifier),
  );
  return moved.length;
}

/** The list's service-state filter: a terminal's own service state (TERMINAL_STATES: not 'unbound', a vehicle's state). */
export function serviceStateOf(value: string | undefined): TerminalState | null {
  return value ? oneOfOrRefuse(TERMINAL_STATES, value, TERMINAL_ERRORS.serviceStateInvalid) : null;
}

/**
 * Renews the service of visible terminals by months or years, from the later of now and each
 * one's current expiry; all or nothing, with one history row each. An expired terminal's live
 * position and commands come back at once, as they are checked against the expiry when asked.
 */
export async function renewTerminals(
  db: Db,
  bus: Bus,
  user: SessionUser,
  identifiers: string[],
  input: Pick<TerminalRenewInput, 'count' | 'unit' | 'remark'>,
) {
  if (identifiers.length === 0) throw new AppError(TERMINAL_ERRORS.noTerminals);
  const months = input.unit === 'year' ? input.count * 12 : input.count;
  if (months > MAX_RENEW_MONTHS) throw new AppError(TERMINAL_ERRORS.renewTooLong, { params: { max: MAX_RENEW_MONTHS } });
  const renewed = await db.tx(async (q) => {
    const rows = await visibleTerminals(q, user, identifiers);
    const ids = [...new Set(rows.map((r) => r.id))];
    return terminalsQueries.renew(q, ids, months, { id: user.userId, name: user.username }, input.remark ?? '');
  });
  announceChanges(
    bus,
    renewed.map((r) => r.identifier),
  );
  return renewed;
}

/**
 * Activates visible terminals that are not activated yet (a terminal is also activated by its
 * first connection): all or nothing, refused when any chosen one already is. The service starts
 * now and runs for the period, or to a later expiry already set (an import may have set one).
 */
export async function activateTerminals(
  db: Db,
  bus: Bus,
  user: SessionUser,
  identifiers: string[],
  input: Pick<TerminalRenewInput, 'count' | 'unit' | 'remark'>,
) {
  if (identifiers.length === 0) throw new AppError(TERMINAL_ERRORS.noTerminals);
  const months = input.unit === 'year' ? input.count * 12 : input.count;
  if (months > MAX_RENEW_MONTHS) throw new AppError(TERMINAL_ERRORS.renewTooLong, { params: { max: MAX_RENEW_MONTHS } });
  const activated = await db.tx(async (q) => {
    const rows = await visibleTerminals(q, user, identifiers);
    const done = rows.filter((r) => r.activated_at !== null);
    if (done.length)
      throw new AppError(TERMINAL_ERRORS.alreadyActivated, { params: { terminalIds: listed(done.map((r) => r.identifier)) } });
    const ids = [...new Set(rows.map((r) => r.id))];
    const remark = input.remark ? `${ACTIVATION_REMARK}：${input.remark}` : ACTIVATION_REMARK;
    const changed = await terminalsQueries.activate(q, ids, months, { id: user.userId, name: user.username }, remark);
    // Another operator (or the terminal's first connection) activated one meanwhile: nothing is half done.
    if (changed.length !== ids.length)
      throw new AppError(TERMINAL_ERRORS.alreadyActivated, {
        params: { terminalIds: listed(rows.filter((r) => !changed.some((c) => c.id === r.id)).map((r) => r.identifier)) },
      });
    return changed;
  });
  announceChanges(
    bus,
    activated.map((r) => r.identifier),
  );
  return activated;
}

/** The renewal history marks an activation's period with this remark. */
const ACTIVATION_REMARK = '激活';
const listed = (identifiers: string[]) =>
  identifiers.length > 3 ? `${identifiers.slice(0, 3).join('、')} 等 ${identifiers.length} 台` : identifiers.join('、');

export async function terminalRenewals(db: Db, user: SessionUser, identifier: string) {
  const terminal = await visibleTerminal(db, user, identifier);
  return terminalsQueries.renewals(db, terminal.id);
}
