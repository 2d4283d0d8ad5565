/** Frames the platform sends back to a JT/T 808 terminal in answer to what it sent. */
import { encodeGbk } from '../common/gbk.ts';
import { buildJt808Frame, escapeJt808, type FrameTarget, type Jt808RawFrame } from './frame.ts';
import { JT808_MSG } from './bodies.ts';

/** 0x8001 results: 0 ok, 1 failure, 2 bad message, 3 unsupported, 4 alarm confirmed. */
export function encodePlatformReply(
  target: FrameTarget,
  serial: number,
  replySerial: number,
  replyMsgId: number,
  result = 0,
): Buffer {
  const body = Buffer.allocUnsafe(5);
  body.writeUInt16BE(replySerial & 0xffff, 0);
  body.writeUInt16BE(replyMsgId & 0xffff, 2);
  body[4] = result;
  return buildJt808Frame(JT808_MSG.platformReply, target, serial, body);
}

/**
 * 0x8100 results: 0 ok (auth code follows), 1 vehicle already registered, 2 vehicle not in
 * the database, 3 terminal already registered, 4 terminal not in the database.
 */
export function encodeRegisterReply(
  target: FrameTarget,
  serial: number,
  replySerial: number,
  result: number,
  authCode = '',
): Buffer {
  const code = result === 0 ? encodeGbk(authCode) : Buffer.alloc(0);
  const body = Buffer.allocUnsafe(3 + code.length);
  body.writeUInt16BE(replySerial & 0xffff, 0);
  body[2] = result;
  code.copy(body, 3);
  return buildJt808Frame(JT808_MSG.registerReply, target, serial, body);
}

/**
 * 0x8001 in answer to a decoded frame, built straight from its bytes (phone copied, not
 * re-parsed from text) into the frame it is sent as: every location a terminal sends needs one,
 * so this is hot. The few answers holding a byte that must be escaped are escaped afterwards.
 */
export function encodeAckFor(f: Jt808RawFrame, serverSerial: number, result = 0): Buffer {
  const h = f.header;
  const data = f.data;
  const phoneBytes = h.is2019 ? 10 : 6;
  // header (4, +1 version in 2019) + phone + serial (2) + body (5) + checksum (1), between two flags
  const content = 4 + (h.is2019 ? 1 : 0) + phoneBytes + 7 + 1;
  const out = Buffer.allocUnsafe(content + 2);
  out[0] = 0x7e;
  out[1] = 0x80;
  out[2] = 0x01;
  out[3] = h.is2019 ? 0x40 : 0x00;
  out[4] = 5;
  let p = 5;
  if (h.is2019) out[p++] = (h.protocolVersion ?? 1) & 0xff;
  const phoneEnd = f.phoneAt + phoneBytes;
  for (let i = f.phoneAt; i < phoneEnd; i++) out[p++] = data[i];
  out[p++] = (serverSerial >> 8) & 0xff;
  out[p++] = serverSerial & 0xff;
  out[p++] = h.serial >> 8;
  out[p++] = h.serial & 0xff;
  out[p++] = h.msgId >> 8;
  out[p++] = h.msgId & 0xff;
  out[p++] = result & 0xff;
  let x = 0;
  let escapes = false;
  for (let i = 1; i < p; i++) {
    const v = out[i];
    x ^= v;
    if (v === 0x7e || v === 0x7d) escapes = true;
  }
  out[p] = x;
  out[p + 1] = 0x7e;
  return escapes || x === 0x7e || x === 0x7d ? escapeJt808(out.subarray(1, p + 1)) : out;
}
