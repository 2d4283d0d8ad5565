/**
 * JT/T 808 frame → normalized messages. Total: every outcome is a `DecodeResult`; a bug that
 * throws becomes an 'internal' error instead of escaping.
 */
import type { DecodeContext, DecodeResult, DeviceMessage, MessageKind, Result } from '../model.ts';
import { fail, hex4, ok } from '../common/result.ts';
import {
  JT808_MSG,
  decodeAuth,
  decodeBatch,
  decodeGeneralReply,
  decodeLocationReply,
  decodeParamReply,
  decodePassThrough,
  decodeRegister,
  decodeRegisterReply,
  decodeSetParams,
  decodeTerminalControl,
  decodeText,
} from './bodies.ts';
import { readJt808RawFrame, type FrameTarget, type Jt808Header, type Jt808RawFrame } from './frame.ts';
import { BMS_MIN_LENGTH, readBms } from '../common/bms-block.ts';
import { decodeLocation, decodeLocationReused } from './location.ts';
import { encodeAckFor, encodePlatformReply, encodeRegisterReply } from './replies.ts';
import { toPosition } from './to-position.ts';

/** 0x0900 user-defined type carrying an e-bike BMS block (docs/protocols-ebike.md). */
export const JT808_PASS_THROUGH_BMS = 0xf0;

const TYPE_NAMES = new Map<number, string>();
function typeName(msgId: number): string {
  let name = TYPE_NAMES.get(msgId);
  if (name === undefined) {
    name = hex4(msgId);
    if (TYPE_NAMES.size < 1024) TYPE_NAMES.set(msgId, name);
  }
  return name;
}

export function decodeJt808(frame: Buffer, ctx: DecodeContext = {}): DecodeResult {
  try {
    return decodeFrame(frame, ctx);
  } catch (err) {
    return fail('internal', err instanceof Error ? err.message : String(err));
  }
}

function decodeFrame(frame: Buffer, ctx: DecodeContext): DecodeResult {
  const f = readJt808RawFrame(frame, ctx.checksumPolicy ?? 'accept', true, ctx.phones);
  if ('error' in f) return f;
  const header = f.header;
  let message: DeviceMessage;
  if (header.msgId === JT808_MSG.location && !header.subpackage) {
    // The frame most terminals send most often: no intermediate objects (toPosition copies out the reused location).
    const loc = decodeLocationReused(f.data, f.bodyStart, f.bodyEnd);
    if (!loc) return short(header, f.data.subarray(f.bodyStart, f.bodyEnd));
    message = {
      kind: 'location',
      protocol: 'jt808',
      terminalId: header.phone,
      messageType: '0x0200',
      serial: header.serial,
      positions: [toPosition(loc, header.phone, ctx.now)],
      reply: encodeAckFor(f, ctx.nextSerial ? ctx.nextSerial() : 0),
    };
  } else {
    const decoded = decodeOther(f, ctx);
    if (!decoded.ok) return decoded;
    message = decoded.value;
  }
  return ok({
    protocol: 'jt808',
    terminalId: header.phone,
    messageType: message.messageType,
    serial: header.serial,
    checksumValid: f.checksumValid,
    lengthValid: f.lengthValid,
    messages: [message],
  });
}

function decodeOther(f: Jt808RawFrame, ctx: DecodeContext): Result<DeviceMessage> {
  const header = f.header;
  let body = f.data.subarray(f.bodyStart, f.bodyEnd);
  if (header.subpackage) {
    const joined = joinSubpackage(header, body, ctx);
    if (!joined.ok) return joined;
    if (joined.value === null) return ok(partMessage(f, body, ctx));
    body = joined.value;
  }
  return decodeBody(f, body, ctx);
}

/**
 * Whole body when this part completes its message; null while parts are missing. Parts are
 * grouped by the serial of part 1: most terminals number parts with consecutive serials, some
 * give every part the serial of the first (then the group keyed by this serial is the one).
 */
function joinSubpackage(h: Jt808Header, body: Buffer, ctx: DecodeContext) {
  const sink = ctx.subpackages;
  if (!sink) return ok<Buffer | null>(null);
  const index = h.packetIndex ?? 1;
  let key = `${h.msgId}:${(h.serial - index + 1) & 0xffff}`;
  if (index > 1 && sink.has && !sink.has(key)) {
    const sameSerial = `${h.msgId}:${h.serial}`;
    if (sink.has(sameSerial)) key = sameSerial;
  }
  return sink.add(key, index, h.packetTotal ?? 1, body, ctx.now ?? 0);
}

function partMessage(f: Jt808RawFrame, body: Buffer, ctx: DecodeContext): DeviceMessage {
  const h = f.header;
  return withHeader('subpackage', h, {
    detail: {
      msgId: typeName(h.msgId),
      packetTotal: h.packetTotal,
      packetIndex: h.packetIndex,
      bodyHex: ctx.subpackages ? undefined : body.toString('hex'),
    },
    reply: ack(f, ctx),
  });
}

/**
 * The message's own fields, with the header's added to that same object. (Not `{ ...base, ...}`:
 * an object spread here cost 3 µs a message, four times the rest of decoding a reply.)
 */
function withHeader(kind: MessageKind, h: Jt808Header, fields: Partial<DeviceMessage>): DeviceMessage {
  const m = fields as DeviceMessage;
  m.kind = kind;
  m.protocol = 'jt808';
  m.terminalId = h.phone;
  m.messageType = typeName(h.msgId);
  m.serial = h.serial;
  return m;
}

function target(h: Jt808Header): FrameTarget {
  return { phone: h.phone, protocolVersion: h.protocolVersion };
}

function ack(f: Jt808RawFrame, ctx: DecodeContext): Buffer {
  return encodeAckFor(f, ctx.nextSerial ? ctx.nextSerial() : 0);
}

function short(h: Jt808Header, body: Buffer) {
  return fail('tooShort', `${typeName(h.msgId)} body of ${body.length} bytes is too short`);
}

function decodeBody(f: Jt808RawFrame, body: Buffer, ctx: DecodeContext): Result<DeviceMessage> {
  const h = f.header;
  const id = h.phone;
  switch (h.msgId) {
    case JT808_MSG.location: {
      const loc = decodeLocation(body);
      if (!loc) return short(h, body);
      const positions = [toPosition(loc, id, ctx.now)];
      return ok(withHeader('location', h, { positions, reply: ack(f, ctx) }));
    }
    case JT808_MSG.batchLocation: {
      const batch = decodeBatch(body);
      if (!batch) return short(h, body);
      const positions = batch.items.map((loc) => toPosition(loc, id, ctx.now));
      const detail = { batchType: batch.type, count: batch.count, truncated: batch.truncated };
      return ok(withHeader('location', h, { positions, detail, reply: ack(f, ctx) }));
    }
    case JT808_MSG.locationReply: {
      const r = decodeLocationReply(body);
      if (!r) return short(h, body);
      const commandReply = { replyKey: String(r.replySerial), serial: r.replySerial, answered: '0x8201', success: true };
      return ok(withHeader('location', h, { positions: [toPosition(r.location, id, ctx.now)], commandReply }));
    }
    case JT808_MSG.heartbeat:
      return ok(withHeader('heartbeat', h, { reply: ack(f, ctx) }));
    case JT808_MSG.unregister:
      return ok(withHeader('unregister', h, { reply: ack(f, ctx) }));
    case JT808_MSG.register: {
      const register = decodeRegister(body, h.is2019);
      if (!register) return short(h, body);
      const reply = encodeRegisterReply(target(h), ctx.nextSerial?.() ?? 0, h.serial, 0, ctx.authCode ?? id);
      const refuse = (result: number) => encodeRegisterReply(target(h), ctx.nextSerial?.() ?? 0, h.serial, result);
      return ok(withHeader('register', h, { register, reply, refuse }));
    }
    case JT808_MSG.auth: {
      const auth = decodeAuth(body, h.is2019);
      if (!auth) return short(h, body);
      const refuse = (result: number) => encodePlatformReply(target(h), ctx.nextSerial?.() ?? 0, h.serial, h.msgId, result);
      return ok(withHeader('auth', h, { auth, reply: ack(f, ctx), refuse }));
    }
    case JT808_MSG.terminalReply:
    case JT808_MSG.platformReply: {
      const r = decodeGeneralReply(body);
      if (!r) return short(h, body);
      const commandReply = {
        replyKey: String(r.replySerial),
        serial: r.replySerial,
        answered: typeName(r.replyMsgId),
        result: r.result,
        success: r.result === 0 || r.result === 4,
      };
      return ok(withHeader('generalReply', h, { commandReply }));
    }
    case JT808_MSG.paramReply: {
      const r = decodeParamReply(body);
      if (!r) return short(h, body);
      const commandReply = { replyKey: String(r.replySerial), serial: r.replySerial, answered: '0x8104', success: true };
      return ok(withHeader('paramReply', h, { params: r.params, commandReply, detail: { truncated: r.truncated } }));
    }
    case JT808_MSG.passThroughUp: {
      const passThrough = decodePassThrough(body);
      if (!passThrough) return short(h, body);
      // User type 0xF0 carries an e-bike BMS block (the GT06 0x40 layout, docs/protocols-ebike.md).
      if (passThrough.type === JT808_PASS_THROUGH_BMS && passThrough.data.length >= BMS_MIN_LENGTH) {
        const bms = readBms(passThrough.data, 0, passThrough.data.length);
        return ok(withHeader('bms', h, { passThrough, bms, reply: ack(f, ctx) }));
      }
      return ok(withHeader('passThrough', h, { passThrough, reply: ack(f, ctx) }));
    }
    default:
      return h.msgId >= 0x8000 ? decodeServerBody(h, body) : ok(unknown(h, body, ack(f, ctx)));
  }
}

/** Platform → terminal messages, decoded so the simulator can act as a terminal. */
function decodeServerBody(h: Jt808Header, body: Buffer): Result<DeviceMessage> {
  switch (h.msgId) {
    case JT808_MSG.registerReply: {
      const r = decodeRegisterReply(body);
      if (!r) return short(h, body);
      return ok(withHeader('registerReply', h, { detail: { ...r } }));
    }
    case JT808_MSG.setParams: {
      const r = decodeSetParams(body);
      if (!r) return short(h, body);
      return ok(withHeader('serverCommand', h, { params: r.params, detail: { count: r.count, truncated: r.truncated } }));
    }
    case JT808_MSG.queryParams:
    case JT808_MSG.queryLocation:
      return ok(withHeader('serverCommand', h, { detail: {} }));
    case JT808_MSG.terminalControl: {
      const r = decodeTerminalControl(body);
      if (!r) return short(h, body);
      return ok(withHeader('serverCommand', h, { detail: { ...r } }));
    }
    case JT808_MSG.text: {
      const r = decodeText(body, h.is2019);
      if (!r) return short(h, body);
      return ok(withHeader('serverCommand', h, { detail: { ...r } }));
    }
    case JT808_MSG.passThroughDown: {
      const passThrough = decodePassThrough(body);
      if (!passThrough) return short(h, body);
      return ok(withHeader('serverCommand', h, { passThrough }));
    }
    default:
      return ok(unknown(h, body, undefined));
  }
}

function unknown(h: Jt808Header, body: Buffer, reply: Buffer | undefined): DeviceMessage {
  return withHeader('unknown', h, { detail: { bodyHex: body.toString('hex') }, reply });
}
