import type { CommandType, ProtocolCodec } from '@chelian/protocols/model.ts';
import { jt808Codec } from '@chelian/protocols/jt808/index.ts';
import { gt06Codec } from '@chelian/protocols/gt06/index.ts';
import { h02Codec } from '@chelian/protocols/h02/index.ts';
import type { TerminalProtocol } from '../modules/terminals/identifiers.ts';

/** The codec of each protocol the gateway listens for. */
export const CODECS: Record<TerminalProtocol, ProtocolCodec> = { jt808: jt808Codec, gt06: gt06Codec, h02: h02Codec };

export function codecOf(protocol: string): ProtocolCodec | undefined {
  return CODECS[protocol as TerminalProtocol];
}

export function supportsCommand(protocol: string, type: CommandType): boolean {
  return codecOf(protocol)?.supportedCommands.includes(type) ?? false;
}
