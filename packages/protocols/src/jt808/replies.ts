/** Frames the platform sends back to a JT/T 808 terminal in answer to what it sent. */
import { encodeGbk } from '../common/gbk.ts';
import { buildJt808Frame, type FrameTarget, type Jt808RawFrame } from './frame.ts';
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

const ACK = Buffer.alloc(32);

/**
 * 0x8001 in answer to a decoded frame, built straight from its bytes (phone copied, not
 * re-parsed from text): every location a terminal sends needs one, so this is hot.
 */
export function encodeAckFor(f: Jt808RawFrame, serverSerial: number, result = 0): Buffer {
  const h = f.header;
  const b = ACK;
  const data = f.data;
  b[0] = 0x80;
  b[1] = 0x01;
  b[2] = h.is2019 ? 0x40 : 0x00;
  b[3] = 5;
  let p = 4;
  if (h.is2019) b[p++] = h.protocolVersion ?? 1;
  const phoneEnd = f.phoneAt + (h.is2019 ? 10 : 6);
  for (let i = f.phoneAt; i < phoneEnd; i++) b[p++] = data[i];
  b[p++] = (serverSerial >> 8) & 0xff;
  b[p++] = serverSerial & 0xff;
  b[p++] = h.serial >> 8;
  b[p++] = h.serial & 0xff;
  b[p++] = h.msgId >> 8;
  b[p++] = h.msgId & 0xff;
  b[p++] = result;
  let x = 0;
  let extra = 0; // bytes that need a 0x7d escape
  for (let i = 0; i < p; i++) {
    const v = b[i];
    x ^= v;
    if (v === 0x7e || v === 0x7d) extra++;
  }
  b[p++] = x;
  if (x === 0x7e || x === 0x7d) extra++;
  // One allocation, one copy, escaping on the way when needed.
  const out = Buffer.allocUnsafe(p + extra + 2);
  out[0] = 0x7e;
  let n = 1;
  if (extra === 0) {
    for (let i = 0; i < p; i++) out[n++] = b[i];
  } else {
    for (let i = 0; i < p; i++) {
      const v = b[i];
      if (v === 0x7e || v === 0x7d) {
        out[n++] = 0x7d;
        out[n++] = v === 0x7d ? 0x01 : 0x02;
      } else {
        out[n++] = v;
      }
    }
  }
  out[n] = 0x7e;
  return out;
}
