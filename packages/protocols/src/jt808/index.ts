/** JT/T 808 (2011/2013/2019): everything public, and the codec the registry exposes. */
import type { ProtocolCodec } from '../model.ts';
import { JT808_COMMANDS, encodeJt808Command } from './commands.ts';
import { decodeJt808 } from './decode.ts';
import { createJt808Framer } from './framer.ts';

export * from './bodies.ts';
export * from './commands.ts';
export * from './decode.ts';
export * from './flags.ts';
export * from './frame.ts';
export * from './framer.ts';
export * from './location.ts';
export * from './params.ts';
export * from './replies.ts';
export * from './subpackage.ts';
export * from './terminal.ts';
export { toPosition as jt808LocationToPosition } from './to-position.ts';

export const jt808Codec: ProtocolCodec = {
  name: 'jt808',
  createFramer: createJt808Framer,
  decode: decodeJt808,
  encodeCommand: encodeJt808Command,
  supportedCommands: JT808_COMMANDS,
};
