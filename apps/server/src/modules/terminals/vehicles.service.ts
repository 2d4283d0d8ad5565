import type { Db, Queryable } from '../../db/types.ts';
import type { Bus } from '../../bus/bus.ts';
import { TERMINAL_ERRORS, isPlate } from '@chelian/contracts';
import { AppError } from '../../http/errors.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import { announceChanges, targetAccount, vehicleTypeOf } from './assets.ts';
import { groupsQueries } from './groups.queries.ts';
import { terminalScope } from '../../core/terminalScope.ts';
import { assignTerminals, claimTerminal, type TerminalInput } from './terminals.service.ts';
import { terminalsQueries } from './terminals.queries.ts';
import { presentVehicle } from './assets.presenter.ts';
import { vehiclesWorkbook } from './vehicles.export.ts';
import { vehiclesQueries, type VehicleFields, type VehicleFilter, type VehicleRow } from './vehicles.queries.ts';

export interface VehicleInput {
  name?: string;
  plate?: string;
  plateColor?: number;
  type?: string;
  accountId?: number;
  groupId?: number | null;
  driver?: string;
  driverPhone?: string;
  icon?: string;
  remark?: string;
  /** km/h; 0 clears it */
  speedLimitKmh?: number;
  /** The terminal to put in the asset; '' on update unbinds it. */
  terminal?: TerminalInput;
}

export async function visibleVehicles(q: Queryable, user: SessionUser, ids: number[]): Promise<VehicleRow[]> {
  if (ids.length === 0) throw new AppError(TERMINAL_ERRORS.noVehicles);
  const rows = await vehiclesQueries.visibleByIds(q, terminalScope(user), ids);
  if (rows.length !== new Set(ids).size) throw new AppError(TERMINAL_ERRORS.vehicleNotVisible);
  return rows;
}

async function groupFor(q: Queryable, user: SessionUser, groupId: number | null | undefined, accountId: number): Promise<number | null> {
  if (groupId === null || groupId === undefined || groupId === 0) return null;
  const group = await groupsQueries.visibleOne(q, terminalScope(user), groupId);
  if (!group) throw new AppError(TERMINAL_ERRORS.groupNotVisible);
  if (group.account_id !== accountId) throw new AppError(TERMINAL_ERRORS.groupOfOtherAccount);
  return group.id;
}

async function checkPlate(q: Queryable, plate: string, type: string, exceptId: number | null) {
  if (plate === '') return;
  if (!isPlate(plate, type)) throw new AppError(TERMINAL_ERRORS.plateInvalid);
  if ((await vehiclesQueries.takenPlates(q, [plate], exceptId)).length)
    throw new AppError(TERMINAL_ERRORS.plateTaken, { params: { plate } });
}

function fieldsFrom(
  input: VehicleInput,
  base: Partial<VehicleFields>,
  accountId: number,
  groupId: number | null,
  terminalId: number | null,
): VehicleFields {
  const plate = (input.plate ?? base.plate ?? '').trim().toUpperCase();
  const name = (input.name ?? base.name ?? '').trim() || plate;
  const type = input.type === undefined ? (base.type ?? 'vehicle') : vehicleTypeOf(input.type);
  if (!type) throw new AppError(TERMINAL_ERRORS.typeInvalid);
  if (!name) throw new AppError(TERMINAL_ERRORS.nameMissing);
  return {
    accountId,
    groupId,
    terminalId,
    name,
    plate,
    type,
    plateColor: input.plateColor ?? base.plateColor ?? 0,
    driver: input.driver ?? base.driver ?? '',
    driverPhone: input.driverPhone ?? base.driverPhone ?? '',
    icon: input.icon ?? base.icon ?? '',
    remark: input.remark ?? base.remark ?? '',
    speedLimitKmh: input.speedLimitKmh === undefined ? (base.speedLimitKmh ?? null) : input.speedLimitKmh || null,
  };
}

export async function createVehicle(db: Db, bus: Bus, user: SessionUser, input: VehicleInput): Promise<number> {
  const { id, identifier } = await db.tx(async (q) => {
    const account = await targetAccount(q, user, input.accountId);
    const groupId = await groupFor(q, user, input.groupId, account.id);
    const draft = fieldsFrom(input, {}, account.id, groupId, null);
    await checkPlate(q, draft.plate, draft.type, null);
    const terminal = input.terminal?.identifier ? await claimTerminal(q, user, input.terminal, account.id, null) : null;
    return { id: await vehiclesQueries.insert(q, { ...draft, terminalId: terminal?.id ?? null }), identifier: terminal?.identifier };
  });
  announceChanges(bus, [identifier]);
  return id;
}

export async function updateVehicle(db: Db, bus: Bus, user: SessionUser, vehicleId: number, input: VehicleInput): Promise<void> {
  const changed = await db.tx(async (q) => {
    const [current] = await visibleVehicles(q, user, [vehicleId]);
    const accountId = input.accountId === undefined ? current.account_id : (await targetAccount(q, user, input.accountId)).id;
    const groupId =
      input.groupId === undefined && accountId === current.account_id
        ? current.group_id
        : await groupFor(q, user, input.groupId, accountId);
    const base = {
      name: current.name,
      plate: current.plate,
      plateColor: current.plate_color,
      type: current.type,
      driver: current.driver,
      driverPhone: current.driver_phone,
      icon: current.icon,
      remark: current.remark,
      speedLimitKmh: current.speed_limit_kmh,
    };
    const fields = fieldsFrom(input, base, accountId, groupId, current.terminal_pk);
    if (fields.plate !== current.plate || fields.type !== current.type) await checkPlate(q, fields.plate, fields.type, current.id);
    const identifiers = [current.identifier];
    if (input.terminal !== undefined) {
      if (input.terminal.identifier === '') fields.terminalId = null;
      else {
        const terminal = await claimTerminal(q, user, input.terminal, accountId, current.id);
        fields.terminalId = terminal.id;
        identifiers.push(terminal.identifier);
      }
    } else if (current.terminal_pk !== null && accountId !== current.account_id) {
      await terminalsQueries.assign(q, [current.terminal_pk], accountId);
    }
    await vehiclesQueries.update(q, current.id, fields);
    return identifiers;
  });
  announceChanges(bus, changed);
}

/** Deletes assets; their terminals stay in the account, unbound, with their history. */
export async function deleteVehicles(db: Db, bus: Bus, user: SessionUser, ids: number[]): Promise<number> {
  const { deleted, identifiers } = await db.tx(async (q) => {
    const rows = await visibleVehicles(q, user, ids);
    return { deleted: await vehiclesQueries.delete(q, ids), identifiers: rows.map((r) => r.identifier) };
  });
  announceChanges(bus, identifiers);
  return deleted;
}

/** Moves assets (with their terminals) to another account of the subtree and/or another group. */
export async function moveVehicles(
  db: Db,
  bus: Bus,
  user: SessionUser,
  ids: number[],
  target: { accountId?: number; groupId?: number | null },
): Promise<number> {
  if (target.accountId === undefined && target.groupId === undefined) throw new AppError(TERMINAL_ERRORS.moveTargetMissing);
  const identifiers = await db.tx(async (q) => {
    const rows = await visibleVehicles(q, user, ids);
    let accountId = target.accountId === undefined ? undefined : (await targetAccount(q, user, target.accountId)).id;
    if (accountId === undefined) {
      // A group move keeps each asset in its account, so all must share the group's account.
      const accounts = new Set(rows.map((r) => r.account_id));
      if (accounts.size > 1) throw new AppError(TERMINAL_ERRORS.moveAcrossAccounts);
      accountId = rows[0].account_id;
    }
    const groupId = await groupFor(q, user, target.groupId, accountId);
    await vehiclesQueries.move(q, ids, accountId, groupId);
    const terminals = rows.filter((r) => r.terminal_pk !== null && r.account_id !== accountId).map((r) => r.terminal_pk!);
    if (terminals.length) await assignTerminals(q, await terminalsQueries.visibleByIds(q, terminalScope(user), terminals), accountId);
    return rows.map((r) => r.identifier);
  });
  announceChanges(bus, identifiers);
  return ids.length;
}

/** At most this many vehicles go into one export file. */
export const MAX_EXPORT_ROWS = 20_000;

/** The list's rows (same filters) as an .xlsx file. */
export async function vehicleWorkbook(db: Db, filter: VehicleFilter): Promise<Buffer> {
  return vehiclesWorkbook((await vehiclesQueries.all(db, filter, MAX_EXPORT_ROWS)).map(presentVehicle));
}
