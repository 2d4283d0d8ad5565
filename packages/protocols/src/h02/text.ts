/**
 * The H02 text protocol: `*XX,ID,TYPE,…#` (XX the maker, usually HQ). Locations (V1 and its
 * relatives V2/V8/V19/VI1) are HHMMSS, validity, DDMM.MMMM, N/S, DDDMM.MMMM, E/W, speed in
 * knots, course, DDMMYY, status word — all UTC. V4 confirms a command, then reports a position.
 */
import type { DecodeContext, DeviceMessage, MessageKind, Result } from '../model.ts';
import { fail, ok } from '../common/result.ts';
import { readFix } from './fix.ts';
import { ack, fields, numberOrUndefined, restOf } from './sentence.ts';
import { commandReply, link, neighbours, vp1 } from './sentences.ts';

export function decodeH02Text(frame: Buffer, ctx: DecodeContext): Result<DeviceMessage> {
  let end = frame.length - 1;
  if (frame[end] !== 0x23) end = frame.lastIndexOf(0x23); // '#', usually the last byte
  if (end === -1) end = frame.length;
  fields.split(frame, 1, end);
  if (fields.count < 3) return fail('tooShort', 'an H02 sentence has maker, id and type');
  const id = terminalIdOf();
  if (fields.is(2, 'V1')) {
    // The sentence H02 terminals send most: no strings beyond the id.
    const m = message('location', id, 'V1');
    const position = readFix(3, id, ctx, m);
    if (position) m.positions = [position];
    if (ctx.now !== undefined) m.reply = ack(fields.text(0), id, 'V1', ctx.now);
    return ok(m);
  }
  const maker = fields.text(0);
  const type = fields.text(2);
  switch (type) {
    case 'V4':
      return ok(commandReply(message('commandReply', id, type), id, ctx));
    case 'HTBT':
    case 'V0':
    case 'XT': {
      const m = message('heartbeat', id, type);
      m.status = { alarms: [], batteryLevel: numberOrUndefined(fields.decimal(3)) };
      if (type !== 'XT') m.reply = Buffer.from(`*${maker},${id},${type}#`, 'latin1');
      return ok(m);
    }
    case 'LINK':
      return ok(link(message('heartbeat', id, type)));
    case 'NBR':
      return ok(neighbours(message('lbs', id, type), maker, id, ctx));
    case 'VP1':
      return ok(vp1(message('location', id, type), id, ctx));
    case 'V3':
      return ok({ ...message('lbs', id, type), detail: { fields: restOf(3) } });
    default:
      break;
  }
  if (type.length > 1 && type[0] === 'V') {
    const m = message('location', id, type);
    const position = readFix(3, id, ctx, m);
    if (position) m.positions = [position];
    return ok(m);
  }
  if (/^(S\d+|R\d+|D\d+|SCF\d?|CF\d?|SF\d?)$/.test(type)) {
    return ok({ ...message('serverCommand', id, type), detail: { command: type, params: restOf(3) } });
  }
  return ok({ ...message('unknown', id, type), detail: { fields: restOf(3) } });
}

function message(kind: MessageKind, terminalId: string, messageType: string): DeviceMessage {
  return { kind, protocol: 'h02', terminalId, messageType };
}

/*
 * Terminal ids cached by value: an id is in every sentence and a terminal always sends the
 * same one. Digit-only ids up to 15 digits are exact as numbers (below 2^53).
 */
const idCache = new Map<number, string>();

function terminalIdOf(): string {
  const key = fields.digitsValue(1);
  if (key < 0) return fields.text(1);
  const len = fields.length(1);
  let id = idCache.get(key);
  if (id === undefined || id.length !== len) {
    // (ids equal as numbers differ only by leading zeros, hence by length)
    id = fields.text(1);
    if (idCache.size >= 65_536) idCache.clear();
    idCache.set(key, id);
  }
  return id;
}
