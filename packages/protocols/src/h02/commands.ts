/**
 * The common command set as H02 text commands: `*HQ,ID,CMD,HHMMSS,params#`. The terminal
 * confirms with `*HQ,ID,V4,CMD,…,HHMMSS,<fix>#`, echoing the command's HHMMSS: the pair
 * "CMD,HHMMSS" is the reply key. H02 has no standard "locate now" or text display.
 */
import type { EncodeContext, EncodedCommand, Result, TerminalCommand } from '../model.ts';
import { fail, ok } from '../common/result.ts';
import { pad2, wallTime } from '../common/time.ts';

export const H02_COMMANDS = ['cutOil', 'restoreOil', 'setInterval', 'reboot', 'custom'] as const;

function commandFor(command: TerminalCommand): { name: string; params: string[] } | null {
  switch (command.type) {
    case 'cutOil':
      return { name: 'S20', params: ['1', '1'] };
    case 'restoreOil':
      return { name: 'S20', params: ['1', '0'] };
    case 'setInterval':
      return { name: 'S71', params: ['22', String(command.seconds)] };
    case 'reboot':
      return { name: 'R1', params: [] };
    default:
      return null;
  }
}

export function encodeH02Command(
  terminalId: string,
  command: TerminalCommand,
  serial: number,
  ctx: EncodeContext = {},
): Result<EncodedCommand> {
  if (!/^[0-9A-Za-z]{1,20}$/.test(terminalId)) return fail('badCommand', `terminal id "${terminalId}" is not valid`);
  if (command.type === 'setInterval' && !(Number.isInteger(command.seconds) && command.seconds > 0)) {
    return fail('badCommand', `interval must be a whole number of seconds, got ${command.seconds}`);
  }
  const s = serial & 0xffff;
  if (command.type === 'custom') {
    if (command.hex !== undefined) {
      const hex = command.hex.replace(/\s+/g, '');
      if (!/^([0-9a-fA-F]{2})*$/.test(hex)) return fail('badCommand', 'custom hex is not whole bytes');
      return ok({ frame: Buffer.from(hex, 'hex'), serial: s, replyKey: '' });
    }
    const text = command.text?.trim();
    if (!text) return fail('badCommand', 'custom command needs text or hex');
    if (text.startsWith('*')) {
      // A complete sentence, sent as written; its command name is the third field.
      return ok({ frame: Buffer.from(text, 'latin1'), serial: s, replyKey: text.split(',')[2] ?? '' });
    }
    const [name, ...params] = text.replace(/#$/, '').split(',');
    return stamped(terminalId, name, params, s, ctx);
  }
  const c = commandFor(command);
  if (!c) return fail('unsupportedCommand', `H02 has no "${command.type}" command`);
  return stamped(terminalId, c.name, c.params, s, ctx);
}

function stamped(terminalId: string, name: string, params: string[], serial: number, ctx: EncodeContext): Result<EncodedCommand> {
  if (ctx.now === undefined) return fail('badCommand', 'H02 commands carry their time: pass ctx.now');
  const t = wallTime(ctx.now);
  const hhmmss = `${pad2(t.hour)}${pad2(t.minute)}${pad2(t.second)}`;
  const sentence = ['*HQ', terminalId, name, hhmmss, ...params].join(',') + '#';
  return ok({ frame: Buffer.from(sentence, 'latin1'), serial, replyKey: `${name},${hhmmss}` });
}
