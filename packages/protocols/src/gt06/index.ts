/** GT06 (Concox 0x7878/0x7979): everything public, and the codec the registry exposes. */
import type { ProtocolCodec } from '../model.ts';
import { GT06_COMMANDS, encodeGt06Command } from './commands.ts';
import { decodeGt06 } from './decode.ts';
import { createGt06Framer } from './framer.ts';

export * from './blocks.ts';
export * from './commands.ts';
export * from './decode.ts';
export { encodeGt06BluetoothClock, BLUETOOTH_CLOCK_LENGTH } from './badge-packets.ts';
export * from './frame.ts';
export * from './framer.ts';
export * from './terminal.ts';

export const gt06Codec: ProtocolCodec = {
  name: 'gt06',
  createFramer: createGt06Framer,
  decode: decodeGt06,
  encodeCommand: encodeGt06Command,
  supportedCommands: GT06_COMMANDS,
};
export * from './ebike-packets.ts';
export * from './ebike-terminal.ts';
