/** Frames the platform sends back to a JT/T 808 terminal in answer to what it sent. */
import { encodeGbk } from '../common/gbk.ts';
import { buildJt808Frame, escapeJt808, type FrameTarget, type Jt808RawFrame } from './frame.ts';
import { JT808_MSG } from './bodies.ts';

/** 0x8001 results: 0 ok, 1 failure, 2 bad message, 3 unsupported, 4 alarm confirmed. */
export function encodePlatformReply(target: FrameTarget, serial: number, replySerial: number, replyMsgId: number, result = 0): Buffer {
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
export function encodeRegisterReply(target: FrameTarget, serial: number, replySerial: number, result: number, authCode = ''): Buffer {
  const code = result === 0 ? encodeGbk(authCode) : Buffer.alloc(0);
  const body = Buffer.allocUnsafe(3 + code.length);
  body.writeUInt16BE(replySerial & 0xffff, 0);
  body[2] = result;
  code.copy(body, 3);
  return buildJt808Frame(JT808_MSG.registerReply, target, serial, body);
}

/** Where encodeAckFor assembles a reply before it knows whether the reply needs escapes. */
const ACK_SCRATCH = new Uint8Array(32);

/**
 * 0x8001 in answer to a decoded frame, built straight from its bytes (phone copied, not
 * re-parsed from text): every location a terminal sends needs one, so this is hot. The content
 * is assembled in a scratch array, then copied once into a buffer of its final size, escaping
 * as it goes (a serial or checksum of 0x7e or 0x7d is common enough: ~1 reply in 40).
 */
export function encodeAckFor(f: Jt808RawFrame, serverSerial: number, result = 0): Buffer {
  const h = f.header;
  const data = f.data;
  const s = ACK_SCRATCH;
  s[0] = 0x80;
  s[1] = 0x01;
  s[2] = h.is2019 ? 0x40 : 0x00;
  s[3] = 5;
  let p = 4;
  if (h.is2019) s[p++] = (h.protocolVersion ?? 1) & 0xff;
  const phoneEnd = f.phoneAt + (h.is2019 ? 10 : 6);
  for (let i = f.phoneAt; i < phoneEnd; i++) s[p++] = data[i];
  s[p++] = (serverSerial >> 8) & 0xff;
  s[p++] = serverSerial & 0xff;
  s[p++] = h.serial >> 8;
  s[p++] = h.serial & 0xff;
  s[p++] = h.msgId >> 8;
  s[p++] = h.msgId & 0xff;
  s[p++] = result & 0xff;
  let x = 0;
  for (let i = 0; i < p; i++) x ^= s[i];
  s[p++] = x;
  return escapeJt808(s, p);
}
