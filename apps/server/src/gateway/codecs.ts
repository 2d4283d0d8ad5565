import { codecs, type ProtocolCodec } from '@chelian/protocols';
import type { TerminalProtocol } from '../core/identifiers.ts';

/** The codec of each protocol the gateway listens for (which commands each takes: `supportsCommand` in @chelian/protocols). */
export const CODECS: Record<TerminalProtocol, ProtocolCodec> = codecs;
