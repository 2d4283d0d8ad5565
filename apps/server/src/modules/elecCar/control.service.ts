import type { CommandType } from '@chelian/protocols/model.ts';
import {
  ELEC_CAR_ACTIONS,
  ELEC_CAR_ERRORS,
  SAFE_CUT_MAX_KMH,
  SAFE_CUT_PENDING_MINUTES,
  type BikeControlAnswer,
  type ElecCarAction,
} from '@chelian/contracts';
import type { Db } from '../../db/types.ts';
import type { Bus } from '../../bus/bus.ts';
import { subjects, type CommandNotice } from '../../bus/subjects.ts';
import { AppError, oneOfOrRefuse } from '../../http/errors.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import { commandsQueries } from '../../core/commandQueue.queries.ts';
import { PROTOCOL_NAMES_ZH, isProtocol } from '../../core/identifiers.ts';
import { supportsCommand } from '@chelian/protocols';
import { visibleTerminals } from '../terminals/terminals.service.ts';
import { checkTerminals, sendCommands } from '../commands/commands.service.ts';
import type { BikeRow } from './bikes.queries.ts';
import { bikesQueries } from './bikes.queries.ts';
import { ELEC_CAR_CHANGED, POWER_ORDER_MADE } from './bikes.service.ts';
import { powerOrdersQueries } from './powerOrders.queries.ts';
import { cutVerdict } from './safeCut.ts';

/** A control that has not reached an offline bike in this time is dropped (a find an hour late helps nobody). */
export const CONTROL_EXPIRE_MINUTES = 10;

const COMMAND_OF: Record<ElecCarAction, CommandType> = {
  arm: 'arm',
  disarm: 'disarm',
  cut: 'cutOil',
  restore: 'restoreOil',
  find: 'find',
  locate: 'locateNow',
};
export const ACTION_ZH: Record<ElecCarAction, string> = {
  arm: '设防',
  disarm: '撤防',
  cut: '断电',
  restore: '恢复供电',
  find: '寻车',
  locate: '立即定位',
};

/** The action as sent (the contract's union for callers, any text on the wire), checked against ELEC_CAR_ACTIONS. */
export function actionOf(value: string): ElecCarAction {
  return oneOfOrRefuse(ELEC_CAR_ACTIONS, value, ELEC_CAR_ERRORS.unknownAction, 'action');
}

/** A command to the bike's terminal through the shared command queue (sent now, or when it connects). */
export async function issueCommand(
  db: Db,
  bus: Bus,
  t: { terminalPk: number; identifier: string; userId: number | null },
  type: CommandType,
): Promise<number> {
  const expiresAt = new Date(Date.now() + CONTROL_EXPIRE_MINUTES * 60_000);
  const [commandId] = await commandsQueries.insertMany(db, {
    terminalPks: [t.terminalPk],
    userId: t.userId as number,
    type,
    params: { type },
    expiresAt,
  });
  bus.publish<CommandNotice>(subjects.command(t.identifier), { commandId: commandId! });
  return commandId!;
}

/**
 * Arm, disarm, find, locate, cut and restore. Each goes through the command queue (and so into
 * the command record, with its sender); the request itself is in the audit log. A cut is carried
 * out only when safe (safeCut.ts); until then it is pending, and the engine carries it out as
 * soon as a position shows the bike slowed, or lets it expire after SAFE_CUT_PENDING_MINUTES.
 */
export async function controlBike(db: Db, bus: Bus, user: SessionUser, bike: BikeRow, action: ElecCarAction): Promise<BikeControlAnswer> {
  const name = ACTION_ZH[action];
  if (bike.terminal_pk === null || bike.identifier === null) throw new AppError(ELEC_CAR_ERRORS.bikeNotVisible);
  const type = COMMAND_OF[action];
  if (!supportsCommand(bike.protocol ?? '', type)) {
    const protocol = bike.protocol && isProtocol(bike.protocol) ? PROTOCOL_NAMES_ZH[bike.protocol] : (bike.protocol ?? '');
    throw new AppError(ELEC_CAR_ERRORS.unsupported, { params: { protocol, action: name } });
  }
  if (action === 'cut') return cut(db, bus, user, bike);
  const rows = await visibleTerminals(db, user, [bike.identifier]);
  if (action === 'restore') {
    await powerOrdersQueries.cancelPending(db, bike.terminal_pk, '已恢复供电，待执行的断电已取消');
  }
  const sent = await sendCommands(db, bus, user, rows, type, {}, CONTROL_EXPIRE_MINUTES);
  const item = sent.list[0]!;
  let orderId: number | null = null;
  if (action === 'restore') {
    orderId = await powerOrdersQueries.insert(db, {
      vehicleId: bike.id,
      terminalPk: bike.terminal_pk,
      accountId: bike.account_id,
      userId: user.userId,
      userName: user.username,
      action: 'restore',
      status: 'sent',
      reason: item.status === 'queued' ? '设备离线，上线后执行' : '',
      speed: bike.speed,
      expiresAt: new Date(Date.now() + CONTROL_EXPIRE_MINUTES * 60_000),
    });
    await powerOrdersQueries.setCommand(db, orderId, item.commandId!);
    bus.publish(POWER_ORDER_MADE, {});
  }
  if (action === 'arm' || action === 'disarm') {
    await bikesQueries.setArmed(db, bike.id, action === 'arm');
    bus.publish(ELEC_CAR_CHANGED, {});
  }
  const message =
    item.status === 'queued' ? `设备离线，${name}指令将在设备上线后下发（${CONTROL_EXPIRE_MINUTES} 分钟内有效）` : `${name}指令已下发`;
  return { action, status: item.status, message, orderId, commandId: item.commandId };
}

async function cut(db: Db, bus: Bus, user: SessionUser, bike: BikeRow): Promise<BikeControlAnswer> {
  const terminalPk = bike.terminal_pk!;
  const existing = await powerOrdersQueries.pendingCut(db, terminalPk);
  if (existing) {
    return {
      action: 'cut',
      status: 'pending',
      message: `已有待执行的断电（${existing.user_name} 发起），车速低于 ${SAFE_CUT_MAX_KMH} km/h 后执行`,
      orderId: Number(existing.id),
      commandId: null,
    };
  }
  // Refuses a terminal past its service expiry or disabled, as every command does.
  await sendableOrThrow(db, user, bike);
  // the bike row's fix is the newest stored (core/freshestFix.ts), not latest_positions' held-back row
  const verdict = cutVerdict({
    online: bike.online === true,
    position: bike.gps_time === null ? null : { valid: bike.valid === true, speed: bike.speed ?? 0, acc: bike.acc },
  });
  const base = {
    vehicleId: bike.id,
    terminalPk,
    accountId: bike.account_id,
    userId: user.userId,
    userName: user.username,
    action: 'cut' as const,
    speed: bike.speed,
  };
  if (!verdict.safe) {
    const orderId = await powerOrdersQueries.insert(db, {
      ...base,
      status: 'pending',
      reason: verdict.reason,
      expiresAt: new Date(Date.now() + SAFE_CUT_PENDING_MINUTES * 60_000),
    });
    bus.publish(ELEC_CAR_CHANGED, {});
    return {
      action: 'cut',
      status: 'pending',
      orderId,
      commandId: null,
      message: `${verdict.reason}；${SAFE_CUT_PENDING_MINUTES} 分钟内未满足条件将自动取消`,
    };
  }
  const orderId = await powerOrdersQueries.insert(db, {
    ...base,
    status: 'sent',
    reason: '',
    expiresAt: new Date(Date.now() + CONTROL_EXPIRE_MINUTES * 60_000),
  });
  const commandId = await issueCommand(db, bus, { terminalPk, identifier: bike.identifier!, userId: user.userId }, 'cutOil');
  await powerOrdersQueries.setCommand(db, orderId, commandId);
  bus.publish(POWER_ORDER_MADE, {});
  return { action: 'cut', status: 'sent', message: '断电指令已下发，等待设备回复', orderId, commandId };
}

async function sendableOrThrow(db: Db, user: SessionUser, bike: BikeRow) {
  const [item] = checkTerminals(await visibleTerminals(db, user, [bike.identifier!]), 'cutOil').list;
  if (!item!.supported) throw new AppError(ELEC_CAR_ERRORS.notSendable, { params: { reason: item!.reason } });
}

/**
 * The text that sets a terminal's vibration sensitivity (0–15): `VIBL,<n>#` from the vendor's
 * parameter list (docs/elec-car.md, domain notes §3 [E1]), a GT06 online text command (0x80).
 * JT/T 808 has no standard parameter for it (0x8103 lists none), so there the level stays a
 * platform setting.
 */
export const vibrationCommand = (protocol: string | null, level: number): string | null => (protocol === 'gt06' ? `VIBL,${level}#` : null);
