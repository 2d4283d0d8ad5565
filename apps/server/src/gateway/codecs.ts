import { codecs, type CommandType, type ProtocolCodec } from '@chelian/protocols';
import type { TerminalProtocol } from '../core/identifiers.ts';

/** The codec of each protocol the gateway listens for. */
export const CODECS: Record<TerminalProtocol, ProtocolCodec> = codecs;

export function codecOf(protocol: string): ProtocolCodec | undefined {
  return CODECS[protocol as TerminalProtocol];
}

export function supportsCommand(protocol: string, type: CommandType): boolean {
  return codecOf(protocol)?.supportedCommands.includes(type) ?? false;
}
