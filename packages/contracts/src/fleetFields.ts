/**
 * What the car app's fleet contracts share: the terminal service states, the protocols, and the
 * small field schemas of terminals, vehicles and groups (terminals.ts, vehicles.ts, groups.ts).
 */
import * as Type from 'typebox/type';
import { PROTOCOL_NAMES, PROTOCOLS, type Protocol } from './protocolNames.ts';
import { OneOf } from './schemas.ts';

export const Short = (max: number) => Type.Optional(Type.String({ maxLength: max }));
/** 0 = no group (a vehicle's group, a group's parent). */
export const GroupRef = Type.Optional(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }));
export const Identifier = Type.String({ minLength: 1, maxLength: 24 });
/** Comma-separated ids. */
export const IdList = Type.String({ minLength: 1, maxLength: 20_000 });
/** What a terminal's service is: 'unactivated' | 'active' | 'expired' | 'disabled' (and, for a vehicle, 'unbound'). */
export const SERVICE_STATES = {
  unactivated: '未激活',
  active: '正常',
  expired: '已过期',
  disabled: '已停用',
  unbound: '未绑定设备',
} as const;
export type ServiceState = keyof typeof SERVICE_STATES;
/** A terminal's own service states (a vehicle without a terminal is 'unbound'). */
export const TERMINAL_STATES = ['unactivated', 'active', 'expired', 'disabled'] as const satisfies readonly ServiceState[];
export type TerminalState = (typeof TERMINAL_STATES)[number];
export const TerminalStateSchema = OneOf(TERMINAL_STATES);
export { PROTOCOL_NAMES, PROTOCOLS, type Protocol };
export const ProtocolSchema = OneOf(PROTOCOLS);
