import type { Db, Queryable } from '../../db/types.ts';
import type { Bus } from '../../bus/bus.ts';
import { AppError, fail } from '../../http/errors.ts';
import type { SessionUser } from '../auth/session.service.ts';
import { announceChanges, targetAccount, vehicleTypeOf } from './assets.ts';
import { groupsQueries } from './groups.queries.ts';
import { terminalScope } from './terminalScope.ts';
import { assignTerminals, claimTerminal, type TerminalInput } from './terminals.service.ts';
import { terminalsQueries } from './terminals.queries.ts';
import { vehiclesQueries, type VehicleFields, type VehicleRow } from './vehicles.queries.ts';

export interface VehicleInput {
  name?: string;
  plate?: string;
  type?: string;
  accountId?: number;
  groupId?: number | null;
  driver?: string;
  driverPhone?: string;
  icon?: string;
  remark?: string;
  /** The terminal to put in the asset; '' on update unbinds it. */
  terminal?: TerminalInput;
}

const PLATE = /^[\u4e00-\u9fa5A-Za-z0-9·-]{2,16}$/;

export async function visibleVehicles(q: Queryable, user: SessionUser, ids: number[]): Promise<VehicleRow[]> {
  if (ids.length === 0) throw new AppError('badRequest', '请选择车辆');
  const rows = await vehiclesQueries.visibleByIds(q, terminalScope(user), ids);
  if (rows.length !== new Set(ids).size) throw new AppError('notFound', '车辆不存在或无权访问');
  return rows;
}

async function groupFor(q: Queryable, user: SessionUser, groupId: number | null | undefined, accountId: number): Promise<number | null> {
  if (groupId === null || groupId === undefined || groupId === 0) return null;
  const group = await groupsQueries.visibleOne(q, terminalScope(user), groupId);
  if (!group) throw new AppError('notFound', '分组不存在或无权访问');
  if (group.account_id !== accountId) throw fail('分组不属于该车辆所在的账户');
  return group.id;
}

async function checkPlate(q: Queryable, plate: string, exceptId: number | null) {
  if (plate === '') return;
  if (!PLATE.test(plate)) throw fail('车牌号格式不正确');
  if ((await vehiclesQueries.takenPlates(q, [plate], exceptId)).length) throw fail(`车牌号 ${plate} 已存在`);
}

function fieldsFrom(input: VehicleInput, base: Partial<VehicleFields>, accountId: number, groupId: number | null, terminalId: number | null): VehicleFields {
  const plate = (input.plate ?? base.plate ?? '').trim().toUpperCase();
  const name = (input.name ?? base.name ?? '').trim() || plate;
  const type = input.type === undefined ? (base.type ?? 'vehicle') : vehicleTypeOf(input.type);
  if (!type) throw fail('资产类型应为 车辆、电动车、工牌 或 宠物');
  if (!name) throw fail('请填写车牌号或名称');
  return {
    accountId, groupId, terminalId, name, plate, type,
    driver: input.driver ?? base.driver ?? '', driverPhone: input.driverPhone ?? base.driverPhone ?? '',
    icon: input.icon ?? base.icon ?? '', remark: input.remark ?? base.remark ?? '',
  };
}

export async function createVehicle(db: Db, bus: Bus, user: SessionUser, input: VehicleInput): Promise<number> {
  const { id, identifier } = await db.tx(async (q) => {
    const account = await targetAccount(q, user, input.accountId);
    const groupId = await groupFor(q, user, input.groupId, account.id);
    const draft = fieldsFrom(input, {}, account.id, groupId, null);
    await checkPlate(q, draft.plate, null);
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
    const groupId = input.groupId === undefined && accountId === current.account_id ? current.group_id : await groupFor(q, user, input.groupId, accountId);
    const base = { name: current.name, plate: current.plate, type: current.type, driver: current.driver, driverPhone: current.driver_phone, icon: current.icon, remark: current.remark };
    const fields = fieldsFrom(input, base, accountId, groupId, current.terminal_pk);
    if (fields.plate !== current.plate) await checkPlate(q, fields.plate, current.id);
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
export async function moveVehicles(db: Db, bus: Bus, user: SessionUser, ids: number[], target: { accountId?: number; groupId?: number | null }): Promise<number> {
  if (target.accountId === undefined && target.groupId === undefined) throw fail('请选择目标账户或分组');
  const identifiers = await db.tx(async (q) => {
    const rows = await visibleVehicles(q, user, ids);
    let accountId = target.accountId === undefined ? undefined : (await targetAccount(q, user, target.accountId)).id;
    if (accountId === undefined) {
      // A group move keeps each asset in its account, so all must share the group's account.
      const accounts = new Set(rows.map((r) => r.account_id));
      if (accounts.size > 1) throw fail('所选车辆属于不同账户，请分别移动');
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
