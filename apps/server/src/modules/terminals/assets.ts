import type { Queryable } from '../../db/types.ts';
import { ASSET_KIND_NAMES, TERMINAL_ERRORS, isKeyOf, kindsOf, type AssetKind } from '@chelian/contracts';
import { AppError } from '../../http/errors.ts';
import type { Bus } from '../../bus/bus.ts';
import { subjects } from '../../bus/subjects.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import { accountsQueries } from '../accounts/accounts.queries.ts';
import { pathInScope } from '../../core/accountScope.ts';

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
