/** What every GT06 packet decoder shares: its input and the message skeleton. */
import type { DecodeContext, DeviceMessage, MessageKind, Failure } from '../model.ts';
import { fail, hex2 } from '../common/result.ts';
import { encodeGt06Ack, type Gt06Frame } from './frame.ts';

export interface PacketContext {
  b: Buffer;
  f: Gt06Frame;
  ctx: DecodeContext;
  terminalId: string;
}

export const TYPE_NAMES: readonly string[] = Array.from({ length: 256 }, (_, i) => hex2(i));

/** A message for this packet, with the server's acknowledgement when `reply` is set. */
export function message(p: PacketContext, kind: MessageKind, reply: boolean): DeviceMessage {
  return {
    kind,
    protocol: 'gt06',
    terminalId: p.terminalId,
    messageType: TYPE_NAMES[p.f.protocol],
    serial: p.f.serial,
    reply: reply ? encodeGt06Ack(p.f.protocol, p.f.serial, p.f.extended) : undefined,
  };
}

export function short(f: Gt06Frame, size: number): Failure {
  return fail('tooShort', `${TYPE_NAMES[f.protocol]} content of ${size} bytes is too short`);
}
