/**
 * The common commands as watch-protocol text commands (4P-Touch server protocol; Traccar
 * WatchProtocolEncoder). The watch answers with a frame of the same keyword, so the keyword is
 * the reply key (`CR` → `CR`; `SOS,…` is answered `SOS`).
 */
import type { CommandType, EncodeContext, EncodedCommand, Result, TerminalCommand } from '../model.ts';
import { fail, ok } from '../common/result.ts';
import { encodeWatchFrame } from './frame.ts';

export const WATCH_COMMANDS = [
  'locateNow',
  'setInterval',
  'find',
  'reboot',
  'powerOff',
  'text',
  'listenIn',
  'sosNumber',
  'sosNumbers',
  'centerNumber',
  'removeAlarm',
  'fallAlarm',
  'silenceTime',
  'custom',
] as const satisfies readonly CommandType[];

/** The protocol's UPLOAD range, in seconds (60 is the document's minimum; some firmware takes 10). */
export const WATCH_INTERVAL = { min: 10, max: 65_535 } as const;

const PHONE = /^\+?\d{3,20}$/;
const PERIOD = /^([01]?\d|2[0-3]):[0-5]\d-([01]?\d|2[0-3]):[0-5]\d$/;

/** The content (after the header) of a command, or a reason it cannot be written. */
function contentOf(c: TerminalCommand): string | { error: string; unsupported?: boolean } {
  switch (c.type) {
    case 'locateNow':
      return 'CR';
    case 'setInterval':
      if (!Number.isInteger(c.seconds) || c.seconds < WATCH_INTERVAL.min || c.seconds > WATCH_INTERVAL.max) {
        return { error: `UPLOAD interval must be ${WATCH_INTERVAL.min}-${WATCH_INTERVAL.max} s, got ${c.seconds}` };
      }
      return `UPLOAD,${c.seconds}`;
    case 'find':
      return 'FIND';
    case 'reboot':
      return 'RESET';
    case 'powerOff':
      return 'POWEROFF';
    case 'text': {
      const text = typeof c.text === 'string' ? c.text : '';
      if (!text || text.length > 200) return { error: 'MESSAGE text must be 1-200 characters' };
      // UTF-16BE as hex: the watch shows Chinese as well as Latin text.
      return `MESSAGE,${Buffer.from(text, 'utf16le').swap16().toString('hex')}`;
    }
    case 'listenIn':
      return PHONE.test(c.phone ?? '') ? `MONITOR,${c.phone}` : { error: `"${c.phone}" is not a phone number` };
    case 'sosNumber':
      if (![1, 2, 3].includes(c.index)) return { error: `SOS number index must be 1-3, got ${c.index}` };
      return PHONE.test(c.phone ?? '') ? `SOS${c.index},${c.phone}` : { error: `"${c.phone}" is not a phone number` };
    case 'sosNumbers': {
      const phones = Array.isArray(c.phones) ? c.phones : [];
      if (phones.length < 1 || phones.length > 3) return { error: 'SOS takes 1-3 phone numbers' };
      const bad = phones.find((p) => p !== '' && !PHONE.test(p));
      if (bad !== undefined) return { error: `"${bad}" is not a phone number` };
      return `SOS,${[0, 1, 2].map((i) => phones[i] ?? '').join(',')}`;
    }
    case 'centerNumber':
      return PHONE.test(c.phone ?? '') ? `CENTER,${c.phone}` : { error: `"${c.phone}" is not a phone number` };
    case 'removeAlarm':
      return `REMOVE,${c.enable ? 1 : 0}`;
    case 'fallAlarm':
      // FALLDOWN,switch,call the centre number on a fall.
      return `FALLDOWN,${c.enable ? 1 : 0},${c.enable ? 1 : 0}`;
    case 'silenceTime': {
      const periods = Array.isArray(c.periods) ? c.periods : [];
      if (periods.length > 4) return { error: 'SILENCETIME takes at most 4 periods' };
      const bad = periods.find((p) => !PERIOD.test(p));
      if (bad !== undefined) return { error: `"${bad}" is not a HH:MM-HH:MM period` };
      return `SILENCETIME,${periods.join(',')}`;
    }
    default:
      return { error: `the watch protocol has no "${c.type}" command`, unsupported: true };
  }
}

export function encodeWatchCommand(
  terminalId: string,
  command: TerminalCommand,
  serial: number,
  ctx: EncodeContext = {},
): Result<EncodedCommand> {
  if (!/^\d{5,20}$/.test(terminalId)) return fail('badCommand', `terminal id "${terminalId}" is not valid`);
  const maker = ctx.maker && /^[0-9A-Za-z]{2,4}$/.test(ctx.maker) ? ctx.maker : 'SG';
  const index = ctx.indexed ? '0001' : null;
  const s = serial & 0xffff;
  let content: string;
  if (command.type === 'custom') {
    if (command.hex !== undefined) {
      const hex = command.hex.replace(/\s+/g, '');
      if (!/^([0-9a-fA-F]{2})+$/.test(hex)) return fail('badCommand', 'custom hex is not whole bytes');
      const bytes = Buffer.from(hex, 'hex');
      // A whole frame as written, or the content to frame.
      if (bytes[0] === 0x5b) return ok({ frame: bytes, serial: s, replyKey: '' });
      return ok({ frame: encodeWatchFrame(maker, terminalId, bytes, index), serial: s, replyKey: '' });
    }
    const text = command.text?.trim();
    if (!text) return fail('badCommand', 'custom command needs text or hex');
    content = text.startsWith('[') && text.endsWith(']') ? '' : text;
    if (!content) {
      // A complete frame: its keyword is the fourth (or fifth) '*' field's first word.
      const body = text.slice(1, -1).split('*').pop() ?? '';
      return ok({ frame: Buffer.from(text, 'utf8'), serial: s, replyKey: keywordOf(body) });
    }
  } else {
    const c = contentOf(command);
    if (typeof c !== 'string') return fail(c.unsupported ? 'unsupportedCommand' : 'badCommand', c.error);
    content = c;
  }
  return ok({ frame: encodeWatchFrame(maker, terminalId, content, index), serial: s, replyKey: keywordOf(content) });
}

function keywordOf(content: string): string {
  const comma = content.indexOf(',');
  return (comma === -1 ? content : content.slice(0, comma)).toUpperCase();
}
