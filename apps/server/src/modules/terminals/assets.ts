import type { Queryable } from '../../db/types.ts';
import { ASSET_KIND_NAMES, TERMINAL_ERRORS, isAssetKind, isKeyOf, kindsOf, type AssetKind } from '@chelian/contracts';
import { AppError } from '../../http/errors.ts';
import type { Bus } from '../../bus/bus.ts';
import { subjects } from '../../bus/subjects.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import { accountsQueries } from '../accounts/accounts.queries.ts';
import { pathInScope } from '../../core/accountScope.ts';
import type { TerminalRow } from './terminals.queries.ts';

export const VEHICLE_TYPES = ASSET_KIND_NAMES;
export type VehicleType = AssetKind;

/** Names import files written before the platform settled on one word still carry. */
const FORMER_NAMES: Record<string, VehicleType> = { 电动车: 'ebike', 工牌: 'badge' };

/** Accepts the code or its Chinese name (import files use the name). */
export function vehicleTypeOf(value: string): VehicleType | undefined {
  // own keys only: 'toString' is no type
  if (isKeyOf(VEHICLE_TYPES, value)) return value;
  return (
    (Object.keys(VEHICLE_TYPES) as VehicleType[]).find((k) => VEHICLE_TYPES[k] === value) ??
    (Object.hasOwn(FORMER_NAMES, value) ? FORMER_NAMES[value] : undefined)
  );
}

/** A type 车辆管理 registers (its form and its import): 智能车联's own kinds only (docs/asset-kinds.md). */
export function carKindOf(value: string): VehicleType | undefined {
  const kind = vehicleTypeOf(value);
  return kind && kindsOf('car').includes(kind) ? kind : undefined;
}

/** The account an operation targets: the caller's own by default, else one of its subtree. */
export async function targetAccount(q: Queryable, user: SessionUser, accountId: number | undefined | null) {
  const account = await accountsQueries.accountOf(q, accountId ?? user.accountId);
  if (!account || !pathInScope(user, account.path)) throw new AppError(TERMINAL_ERRORS.accountNotVisible);
  return account;
}

export function announceChanges(bus: Bus, identifiers: Iterable<string | null | undefined>) {
  for (const id of new Set(identifiers)) if (id) bus.publish(subjects.terminalChanged(id), {});
}

/** Where the asset a terminal sits in is kept: a vehicle row (车辆, 电单车, a person's), a pet, or a 新国标 bike. */
export type AssetHome = 'vehicles' | 'pets' | 'gbBikes';

function homeOf(t: Pick<TerminalRow, 'vehicle_id' | 'asset_kind'>): AssetHome | null {
  if (t.vehicle_id !== null) return 'vehicles';
  if (t.asset_kind === 'pet') return 'pets';
  return t.asset_kind === 'ebike' ? 'gbBikes' : null;
}

/**
 * One terminal sits in one asset: refuses one already in an asset kept elsewhere than `home` (a
 * collar for a car, a car's terminal for a pet), naming it. Clashes within a home are the home's own
 * check (another vehicle, another pet). A 新国标 registration is of an e-bike, which 电单车卫士 or
 * 车辆管理 may hold as 电单车 too: the same bike, its module shared.
 */
export function refuseTerminalHeldElsewhere(t: TerminalRow, home: AssetHome): void {
  const held = homeOf(t);
  if (held === null || held === home) return;
  const sameBike = t.asset_kind === 'ebike' && [held, home].includes('gbBikes') && [held, home].includes('vehicles');
  if (sameBike) return;
  const kind = isAssetKind(t.asset_kind) ? ASSET_KIND_NAMES[t.asset_kind] : '';
  throw new AppError(TERMINAL_ERRORS.terminalInOtherAsset, {
    params: { terminalId: t.identifier, kind, name: t.plate || t.vehicle_name || '' },
  });
}
