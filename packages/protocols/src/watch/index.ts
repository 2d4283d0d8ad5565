/** The watch protocol (4P-Touch/SeTracker `[MF*ID*LEN*…]`): everything public, and its codec. */
import type { ProtocolCodec } from '../model.ts';
import { WATCH_COMMANDS, encodeWatchCommand } from './commands.ts';
import { decodeWatch } from './decode.ts';
import { createWatchFramer } from './framer.ts';

export * from './commands.ts';
export * from './decode.ts';
export * from './frame.ts';
export * from './framer.ts';
export * from './status.ts';
export * from './terminal.ts';
export type { LocationSource, WifiAccessPoint } from './position.ts';
export { WATCH_COMMAND_KEYWORDS } from './keywords.ts';

export const watchCodec: ProtocolCodec = {
  name: 'watch',
  createFramer: createWatchFramer,
  decode: decodeWatch,
  encodeCommand: encodeWatchCommand,
  supportedCommands: WATCH_COMMANDS,
};
