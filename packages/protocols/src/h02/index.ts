/** H02 (`*HQ` text and `$` binary): everything public, and the codec the registry exposes. */
import type { ProtocolCodec } from '../model.ts';
import { H02_COMMANDS, encodeH02Command } from './commands.ts';
import { decodeH02 } from './decode.ts';
import { createH02Framer } from './framer.ts';

export * from './binary.ts';
export * from './commands.ts';
export * from './decode.ts';
export * from './framer.ts';
export * from './status.ts';
export * from './terminal.ts';
export { decodeH02Text } from './text.ts';

export const h02Codec: ProtocolCodec = {
  name: 'h02',
  createFramer: createH02Framer,
  decode: decodeH02,
  encodeCommand: encodeH02Command,
  supportedCommands: H02_COMMANDS,
};
