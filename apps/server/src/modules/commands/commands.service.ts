import type { CommandType } from '@chelian/protocols/model.ts';
import type { Db, Queryable } from '../../db/types.ts';
import type { Bus } from '../../bus/bus.ts';
import { subjects, type CommandNotice } from '../../bus/subjects.ts';
import {
  COMMAND_ERRORS,
  COMMAND_NAMES_ZH,
  COMMAND_STATUS_ZH,
  MAX_COMMAND_TARGETS,
  type CommandStatus,
  TERMINAL_ERRORS,
  type CommandCheck,
  type CommandTargets,
  type CommandSend,
  type CommandSendItem,
} from '@chelian/contracts';
import { AppError, oneOfOrRefuse } from '../../http/errors.ts';
import { splitIds, splitList } from '../../http/listInput.ts';
import { supportsCommand } from '@chelian/protocols';
import type { SessionUser } from '../../core/sessionUser.ts';
import { PROTOCOL_NAMES_ZH, isProtocol } from '../../core/identifiers.ts';
import type { TerminalRow } from '../terminals/terminals.queries.ts';
import { visibleTerminals } from '../terminals/terminals.service.ts';
import { visibleVehicles } from '../terminals/vehicles.service.ts';
import { COMMAND_TYPES, buildCommand, type CommandParams } from './commandCatalog.ts';
import { commandsQueries } from '../../core/commandQueue.queries.ts';

export const DEFAULT_EXPIRE_MINUTES = 24 * 60;

export interface Targets {
  terminalIds: string[];
  vehicleIds: number[];
}

/** The command type asked for; an unknown one is refused with the types there are. */
export function commandTypeOf(value: string): CommandType {
  return oneOfOrRefuse(COMMAND_TYPES, value, COMMAND_ERRORS.unknownType, { value: 'type', list: 'types' });
}

/** The record's status filter: none, or a status there is; another is refused with the statuses there are (not a list matching nothing). */
export function commandStatusFilter(value: string | undefined): CommandStatus | null {
  if (!value) return null;
  return oneOfOrRefuse(COMMAND_STATUS_ZH, value, COMMAND_ERRORS.statusUnknown, { value: 'status', list: 'statuses' });
}

/** The targets as sent (comma-separated lists), as lists; a whole fleet at most. */
export const targetsOf = (input: Pick<CommandTargets, 'terminalIds' | 'vehicleIds'>): Targets => ({
  terminalIds: splitList(input.terminalIds, MAX_COMMAND_TARGETS),
  vehicleIds: splitIds(input.vehicleIds, 'vehicleIds', MAX_COMMAND_TARGETS),
});

/** The chosen terminals: named directly, or as the vehicles they sit in. */
export async function targetTerminals(db: Db, user: SessionUser, t: Targets): Promise<TerminalRow[]> {
  const identifiers = [...t.terminalIds];
  if (t.vehicleIds.length) {
    const vehicles = await visibleVehicles(db, user, t.vehicleIds);
    const bare = vehicles.filter((v) => !v.identifier);
    if (bare.length)
      throw new AppError(COMMAND_ERRORS.vehiclesWithoutTerminal, { params: { plates: bare.map((v) => v.plate || v.name).join('、') } });
    identifiers.push(...vehicles.map((v) => v.identifier!));
  }
  if (identifiers.length === 0) throw new AppError(COMMAND_ERRORS.noTargets);
  const rows = await visibleTerminals(db, user, identifiers);
  return [...new Map(rows.map((r) => [r.id, r])).values()];
}

/** Past its service expiry a terminal takes no commands until renewed (docs/decisions.md). */
const serviceExpired = (t: TerminalRow) => t.service_expires_at !== null && t.service_expires_at.getTime() < Date.now();

function availability(t: TerminalRow, type: CommandType) {
  const supported = supportsCommand(t.protocol, type);
  const expired = serviceExpired(t);
  const protocol = isProtocol(t.protocol) ? PROTOCOL_NAMES_ZH[t.protocol] : t.protocol;
  const reason = !supported
    ? `${protocol} 终端不支持“${COMMAND_NAMES_ZH[type]}”`
    : !t.enabled
      ? '设备已停用'
      : expired
        ? '服务已到期，续费后可下发指令'
        : !t.online
          ? '终端离线，指令将在上线后下发'
          : '';
  return { supported: supported && t.enabled && !expired, reason };
}

/** Which of the chosen terminals take this command, and which are online to take it now. */
export function checkTerminals(rows: TerminalRow[], type: CommandType): CommandCheck {
  const list = rows.map((t) => {
    const { supported, reason } = availability(t, type);
    return {
      terminalId: t.identifier,
      vehicleId: t.vehicle_id,
      plate: t.plate ?? '',
      protocol: t.protocol,
      online: t.online,
      supported,
      canSendNow: supported && t.online,
      reason,
    };
  });
  return { total: list.length, supported: list.filter((x) => x.supported).length, online: list.filter((x) => x.canSendNow).length, list };
}

/**
 * Stores one command per supporting terminal and tells the gateways: the one holding the socket
 * sends it now; an offline terminal gets it when it connects, unless it expires first.
 */
/** `db` may be one transaction: then `bus` should hold its notices until the commit (the rows are read by the gateway on the notice). */
export async function sendCommands(
  db: Queryable,
  bus: Pick<Bus, 'publish'>,
  user: SessionUser,
  rows: TerminalRow[],
  type: CommandType,
  params: CommandParams,
  expireMinutes: number,
): Promise<CommandSend> {
  if (rows.length > 0 && rows.every(serviceExpired)) {
    throw new AppError(TERMINAL_ERRORS.serviceExpired, { params: { terminalIds: rows.map((r) => r.identifier).join('、') } });
  }
  const command = buildCommand(type, params);
  const expiresAt = new Date(Date.now() + expireMinutes * 60_000);
  const list: CommandSendItem[] = [];
  const supported = rows.map((t) => ({ t, ...availability(t, type) }));
  const sending = supported.filter((x) => x.supported).map((x) => x.t);
  const ids = await commandsQueries.insertMany(db, {
    terminalPks: sending.map((t) => t.id),
    userId: user.userId,
    type,
    params: command,
    expiresAt,
  });
  const idOf = new Map(sending.map((t, i) => [t, ids[i]!]));
  for (const { t, supported: ok, reason } of supported) {
    if (!ok) {
      list.push({ terminalId: t.identifier, plate: t.plate ?? '', commandId: null, status: 'unsupported', reason });
      continue;
    }
    const commandId = idOf.get(t)!;
    bus.publish<CommandNotice>(subjects.command(t.identifier), { commandId });
    list.push({
      terminalId: t.identifier,
      plate: t.plate ?? '',
      commandId,
      status: t.online ? 'sent' : 'queued',
      reason: t.online ? '' : reason,
    });
  }
  if (list.every((x) => x.status === 'unsupported'))
    throw new AppError(COMMAND_ERRORS.noneSupported, { detail: list[0]?.reason, obj: { list } });
  return {
    total: list.length,
    sent: list.filter((x) => x.status === 'sent').length,
    queued: list.filter((x) => x.status === 'queued').length,
    unsupported: list.filter((x) => x.status === 'unsupported').length,
    list,
  };
}
