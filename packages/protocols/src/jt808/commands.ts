/**
 * The common command set as JT/T 808 messages. Oil cut/restore has no standard command word:
 * 0x8105 with vendor words 0xF0/0xF1 (Traccar's default) unless the caller names others.
 */
import type { EncodeContext, EncodedCommand, Result, TerminalCommand, TerminalParam } from '../model.ts';
import { encodeGbk } from '../common/gbk.ts';
import { fail, ok } from '../common/result.ts';
import { JT808_MSG } from './bodies.ts';
import { buildJt808Frame, phoneForTerminalId } from './frame.ts';
import { JT808_PARAM, encodeParams } from './params.ts';

export const JT808_COMMANDS = ['cutOil', 'restoreOil', 'locateNow', 'setInterval', 'reboot', 'text', 'custom'] as const;

/** 0x8105 command words (table 18). */
export const JT808_CONTROL = {
  wirelessUpgrade: 1,
  connectServer: 2,
  powerOff: 3,
  reset: 4,
  factoryReset: 5,
  closeDataLink: 6,
  closeWireless: 7,
} as const;

const MAX_BODY = 1023;

export function encodeJt808Command(
  terminalId: string,
  command: TerminalCommand,
  serial: number,
  ctx: EncodeContext = {},
): Result<EncodedCommand> {
  const phone = phoneForTerminalId(terminalId);
  if (!phone) return fail('badCommand', `terminal id "${terminalId}" is not 1-20 BCD digits`);
  const built = messageFor(command, phone.length === 20, ctx);
  if (!built.ok) return built;
  return encodeJt808ServerMessage(terminalId, built.value.msgId, serial, built.value.body, ctx);
}

/**
 * Any platform → terminal message: header (2013 or 2019 by the id's length), checksum and
 * escaping around `body`. The terminal answers with 0x0001 (or 0x0201/0x0104) quoting `serial`.
 */
export function encodeJt808ServerMessage(
  terminalId: string,
  msgId: number,
  serial: number,
  body: Uint8Array,
  ctx: EncodeContext = {},
): Result<EncodedCommand> {
  const phone = phoneForTerminalId(terminalId);
  if (!phone) return fail('badCommand', `terminal id "${terminalId}" is not 1-20 BCD digits`);
  if (body.length > MAX_BODY) return fail('badCommand', `body of ${body.length} bytes exceeds ${MAX_BODY}`);
  const s = serial & 0xffff;
  const frame = buildJt808Frame(msgId & 0xffff, { phone, protocolVersion: ctx.protocolVersion }, s, body);
  return ok({ frame, serial: s, replyKey: String(s) });
}

/** 0x8103: set terminal parameters (numbers as DWORD, string parameters as GBK). */
export function encodeJt808SetParams(
  terminalId: string,
  params: readonly TerminalParam[],
  serial: number,
  ctx?: EncodeContext,
): Result<EncodedCommand> {
  return encodeJt808ServerMessage(terminalId, JT808_MSG.setParams, serial, encodeParams(params), ctx);
}

/** 0x8104: ask for all parameters; the terminal answers 0x0104. */
export function encodeJt808QueryParams(terminalId: string, serial: number, ctx?: EncodeContext): Result<EncodedCommand> {
  return encodeJt808ServerMessage(terminalId, JT808_MSG.queryParams, serial, Buffer.alloc(0), ctx);
}

/** 0x8900: data pass-through to the terminal. */
export function encodeJt808PassThroughDown(
  terminalId: string,
  type: number,
  data: Uint8Array,
  serial: number,
  ctx?: EncodeContext,
): Result<EncodedCommand> {
  const body = Buffer.concat([Buffer.from([type & 0xff]), data]);
  return encodeJt808ServerMessage(terminalId, JT808_MSG.passThroughDown, serial, body, ctx);
}

function messageFor(command: TerminalCommand, is2019: boolean, ctx: EncodeContext): Result<{ msgId: number; body: Buffer }> {
  const words = ctx.oilControlWords ?? { cut: 0xf0, restore: 0xf1 };
  switch (command.type) {
    case 'cutOil':
      return ok({ msgId: JT808_MSG.terminalControl, body: Buffer.from([words.cut & 0xff]) });
    case 'restoreOil':
      return ok({ msgId: JT808_MSG.terminalControl, body: Buffer.from([words.restore & 0xff]) });
    case 'reboot':
      return ok({ msgId: JT808_MSG.terminalControl, body: Buffer.from([JT808_CONTROL.reset]) });
    case 'locateNow':
      return ok({ msgId: JT808_MSG.queryLocation, body: Buffer.alloc(0) });
    case 'setInterval': {
      const s = command.seconds;
      if (!Number.isInteger(s) || s < 1 || s > 0xffffffff) {
        return fail('badCommand', `interval must be a whole number of seconds, got ${s}`);
      }
      const body = encodeParams([{ id: JT808_PARAM.defaultReportInterval, value: s }]);
      return ok({ msgId: JT808_MSG.setParams, body });
    }
    case 'text':
      return ok({ msgId: JT808_MSG.text, body: textBody(command.text, is2019, ctx.textFlag ?? 0x0c) });
    case 'custom':
      return customMessage(command, is2019, ctx);
    default:
      return fail('unsupportedCommand', `unknown command ${(command as { type: string }).type}`);
  }
}

function textBody(text: string, is2019: boolean, flag: number): Buffer {
  const head = is2019 ? Buffer.from([flag & 0xff, 1]) : Buffer.from([flag & 0xff]);
  return Buffer.concat([head, encodeGbk(text)]);
}

/** custom: hex with messageId = that body; hex alone = message id + body; text = a 0x8300. */
function customMessage(
  command: Extract<TerminalCommand, { type: 'custom' }>,
  is2019: boolean,
  ctx: EncodeContext,
): Result<{ msgId: number; body: Buffer }> {
  if (command.hex !== undefined) {
    const hex = command.hex.replace(/\s+/g, '');
    if (!/^([0-9a-fA-F]{2})*$/.test(hex)) return fail('badCommand', 'custom hex is not whole bytes');
    const bytes = Buffer.from(hex, 'hex');
    if (command.messageId !== undefined) return ok({ msgId: command.messageId & 0xffff, body: bytes });
    if (bytes.length < 2) return fail('badCommand', 'custom hex must start with a message id');
    return ok({ msgId: bytes.readUInt16BE(0), body: bytes.subarray(2) });
  }
  if (command.text !== undefined) {
    if (command.messageId !== undefined) {
      return ok({ msgId: command.messageId & 0xffff, body: encodeGbk(command.text) });
    }
    return ok({ msgId: JT808_MSG.text, body: textBody(command.text, is2019, ctx.textFlag ?? 0x0c) });
  }
  return fail('badCommand', 'custom command needs text or hex');
}
