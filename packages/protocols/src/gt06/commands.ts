/**
 * The common command set as GT06 0x80 online commands. The 4-byte server flag carries the
 * command's serial: the terminal echoes it in its 0x15/0x21 answer, which is how replies are
 * matched (replyKey).
 */
import type { EncodeContext, EncodedCommand, Result, TerminalCommand } from '../model.ts';
import { fail, ok } from '../common/result.ts';
import { buildGt06Frame } from './frame.ts';

export const GT06_COMMANDS = ['cutOil', 'restoreOil', 'arm', 'disarm', 'find', 'locateNow', 'setInterval', 'reboot', 'custom'] as const;

/** Text of a command, or null when GT06 has none for it ('text': no display to show it on). */
export function gt06CommandText(command: TerminalCommand, ctx: EncodeContext = {}): string | null {
  const pwd = ctx.password ?? '000000';
  switch (command.type) {
    case 'cutOil':
      return `DYD,${pwd}#`;
    case 'restoreOil':
      return `HFYD,${pwd}#`;
    // Arm/disarm as Concox's GT03A manual gives them (SMS "111"/"000", docs/protocols-ebike.md);
    // find has no public Concox text: FIND# is ours (the simulator answers it).
    case 'arm':
      return '111';
    case 'disarm':
      return '000';
    case 'find':
      return 'FIND#';
    case 'locateNow':
      return 'WHERE#';
    case 'setInterval':
      return `TIMER,${command.seconds}#`;
    case 'reboot':
      return 'RESET#';
    case 'custom':
      return command.text ?? null;
    default:
      return null;
  }
}

/** 0x80 frame: command length (4 + text), server flag, ASCII command, serial. */
export function encodeGt06ServerCommand(content: Uint8Array, serverFlag: number, serial: number): Buffer {
  const body = Buffer.allocUnsafe(5 + content.length);
  body[0] = (4 + content.length) & 0xff;
  body.writeUInt32BE(serverFlag >>> 0, 1);
  body.set(content, 5);
  return buildGt06Frame(0x80, body, serial & 0xffff, 5 + content.length + 5 > 255);
}

export function encodeGt06Command(
  _terminalId: string,
  command: TerminalCommand,
  serial: number,
  ctx: EncodeContext = {},
): Result<EncodedCommand> {
  if (command.type === 'setInterval' && !(Number.isInteger(command.seconds) && command.seconds > 0)) {
    return fail('badCommand', `interval must be a whole number of seconds, got ${command.seconds}`);
  }
  let content: Buffer;
  if (command.type === 'custom' && command.hex !== undefined) {
    const hex = command.hex.replace(/\s+/g, '');
    if (!/^([0-9a-fA-F]{2})*$/.test(hex)) return fail('badCommand', 'custom hex is not whole bytes');
    content = Buffer.from(hex, 'hex');
  } else {
    const text = gt06CommandText(command, ctx);
    if (text === null) {
      return command.type === 'custom'
        ? fail('badCommand', 'custom command needs text or hex')
        : fail('unsupportedCommand', `GT06 has no "${command.type}" command`);
    }
    content = Buffer.from(text, 'latin1');
  }
  if (content.length > 251) return fail('badCommand', `command of ${content.length} bytes is too long`);
  const s = serial & 0xffff;
  return ok({ frame: encodeGt06ServerCommand(content, s, s), serial: s, replyKey: String(s) });
}
