/**
 * JT/T 808 framing: 0x7e flags, 0x7d escaping (0x7e ↔ 7d 02, 0x7d ↔ 7d 01), XOR checksum over
 * header + body, and the message header in its 2011/2013 (6-byte BCD phone) and 2019
 * (version flag, protocol version byte, 10-byte BCD phone) forms.
 */
import type { ChecksumPolicy, Failure, PhoneLookup, Result } from '../model.ts';
import { u32, u48 } from '../common/bytes.ts';
import { fail, ok } from '../common/result.ts';

export const FLAG = 0x7e;
const ESC = 0x7d;

export interface Jt808Header {
  msgId: number;
  /** Body length as declared in the header's properties word. */
  bodyLength: number;
  /** Encryption bits 10-12 (bit 10 = RSA). */
  encryption: number;
  subpackage: boolean;
  /** Version flag (properties bit 14): the 2019 header. */
  is2019: boolean;
  protocolVersion?: number;
  /** Terminal phone as its BCD digits, exactly as on the wire (12 or 20 characters). */
  phone: string;
  serial: number;
  packetTotal?: number;
  packetIndex?: number;
  headerLength: number;
}

export interface Jt808Frame {
  header: Jt808Header;
  body: Buffer;
  checksum: number;
  checksumValid: boolean;
  /** False when the declared body length disagrees with the bytes present. */
  lengthValid: boolean;
  /** True when the frame used 0x7d escapes on the wire. */
  escaped: boolean;
}

/** Remove 0x7d escapes from frame[start, end). Returns a view when there is nothing to undo. */
export function unescapeJt808(frame: Buffer, start: number, end: number): Buffer {
  const first = frame.indexOf(ESC, start);
  if (first === -1 || first >= end) return frame.subarray(start, end);
  const out = Buffer.allocUnsafe(end - start);
  return out.subarray(0, unescapeInto(frame, start, end, out));
}

/** XOR of the bytes the last unescapeInto wrote. */
let lastXor = 0;

/** Unescape frame[start, end) into out from `at`; returns the bytes written. */
function unescapeInto(frame: Buffer, start: number, end: number, out: Buffer, at = 0): number {
  let n = at;
  let x = 0;
  for (let i = start; i < end; i++) {
    let b = frame[i];
    if (b === ESC && i + 1 < end) {
      const next = frame[i + 1];
      if (next === 0x01 || next === 0x02) {
        b = next === 0x01 ? ESC : FLAG;
        i++;
      }
    }
    out[n++] = b;
    x ^= b;
  }
  lastXor = x;
  return n - at;
}

/** Reused by readJt808Frame(…, reuse=true): decoders copy out everything they keep. */
const UNESCAPE_SCRATCH = Buffer.alloc(4096);

/** Wrap unescaped content (header + body + checksum) in flags, escaping as needed. */
export function escapeJt808(content: Uint8Array, length = content.length): Buffer {
  let extra = 0;
  for (let i = 0; i < length; i++) if (content[i] === FLAG || content[i] === ESC) extra++;
  const out = Buffer.allocUnsafe(length + extra + 2);
  out[0] = FLAG;
  let n = 1;
  for (let i = 0; i < length; i++) {
    const b = content[i];
    if (b === FLAG || b === ESC) {
      out[n++] = ESC;
      out[n++] = b === ESC ? 0x01 : 0x02;
    } else {
      out[n++] = b;
    }
  }
  out[n] = FLAG;
  return out;
}

export function xorChecksum(buf: Uint8Array, start: number, end: number): number {
  let x = 0;
  for (let i = start; i < end; i++) x ^= buf[i];
  return x;
}

/** A checked frame without copies: the body is data[bodyStart, bodyEnd). */
export interface Jt808RawFrame {
  header: Jt808Header;
  data: Buffer;
  bodyStart: number;
  bodyEnd: number;
  /** Offset of the phone's BCD bytes in data (6 or 10 bytes, per header.is2019). */
  phoneAt: number;
  checksum: number;
  checksumValid: boolean;
  lengthValid: boolean;
  escaped: boolean;
}

/**
 * The decoders' hot path: unescape only when the frame holds 0x7d, read the header in place,
 * no sub-buffers. `data` may be the frame itself, so its offsets include the leading flag.
 * With `reuse`, an escaped frame is unescaped into a shared scratch buffer that the next call
 * overwrites: only for callers that copy out what they keep (the decoder does).
 */
export function readJt808Frame(frame: Buffer, policy: ChecksumPolicy = 'accept', reuse = false): Result<Jt808RawFrame> {
  const r = readJt808RawFrame(frame, policy, reuse);
  return 'error' in r ? r : ok(r);
}

/** readJt808Frame's frame without the Result around it (the decoder's hot path: an object fewer a frame, issue 33). */
export function readJt808RawFrame(frame: Buffer, policy: ChecksumPolicy, reuse: boolean, memo?: PhoneLookup): Jt808RawFrame | Failure {
  const len = frame.length;
  if (len === 0) return fail('empty', 'no bytes');
  if (len < 2 || frame[0] !== FLAG || frame[len - 1] !== FLAG) {
    return fail('badFrame', 'a JT/T 808 frame starts and ends with 0x7e');
  }
  let data = frame;
  let start = 1;
  let end = len - 1; // exclusive: the closing flag
  // One pass: XOR of header + body + checksum (0 when the checksum verifies), stopping at the
  // first escape, which is rare; then the unescaping pass computes the XOR instead.
  let x = 0;
  let firstEscape = -1;
  for (let i = 1; i < end; i++) {
    const v = frame[i];
    if (v === ESC) {
      firstEscape = i;
      break;
    }
    x ^= v;
  }
  const escaped = firstEscape !== -1;
  if (escaped) {
    data = reuse && len <= UNESCAPE_SCRATCH.length ? UNESCAPE_SCRATCH : Buffer.allocUnsafe(len);
    // The bytes before the first escape are already XORed: copy them, unescape the rest.
    for (let i = 1; i < firstEscape; i++) data[i - 1] = frame[i];
    end = firstEscape - 1 + unescapeInto(frame, firstEscape, end, data, firstEscape - 1);
    start = 0;
    x ^= lastXor;
  }
  const n = end - start;
  if (n < 13) return fail('tooShort', `${n} bytes cannot hold a header and checksum`);
  const props = (data[start + 2] << 8) | data[start + 3];
  const is2019 = (props & 0x4000) !== 0;
  const subpackage = (props & 0x2000) !== 0;
  const phoneAt = start + (is2019 ? 5 : 4);
  const serialAt = phoneAt + (is2019 ? 10 : 6);
  const bodyStart = serialAt + 2 + (subpackage ? 4 : 0);
  const headerLength = bodyStart - start;
  if (n < headerLength + 1) return fail('tooShort', `${n} bytes cannot hold a ${headerLength}-byte header`);
  const checksum = data[end - 1];
  const checksumValid = x === 0;
  if (!checksumValid && policy === 'reject') {
    return fail('badChecksum', `checksum 0x${checksum.toString(16)} does not verify`);
  }
  const declared = props & 0x03ff;
  const actual = n - 1 - headerLength;
  const lengthValid = declared === actual;
  if (!lengthValid && policy === 'reject') {
    return fail('badLength', `declared body length ${declared}, ${actual} bytes present`);
  }
  const header: Jt808Header = {
    msgId: (data[start] << 8) | data[start + 1],
    bodyLength: declared,
    encryption: (props >> 10) & 0x07,
    subpackage,
    is2019,
    protocolVersion: is2019 ? data[start + 4] : undefined,
    phone: memo ? memo.phoneOf(data, phoneAt, is2019) : phoneString(data, phoneAt, is2019),
    serial: (data[serialAt] << 8) | data[serialAt + 1],
    packetTotal: subpackage ? (data[serialAt + 2] << 8) | data[serialAt + 3] : undefined,
    packetIndex: subpackage ? (data[serialAt + 4] << 8) | data[serialAt + 5] : undefined,
    headerLength,
  };
  // A short body is decoded as far as it goes; bytes past the declared length are ignored.
  return {
    header,
    data,
    bodyStart,
    bodyEnd: bodyStart + (declared <= actual ? declared : actual),
    phoneAt,
    checksum,
    checksumValid,
    lengthValid,
    escaped,
  };
}

/** parseJt808Frame's friendlier shape: the body as its own (view) buffer. */
export function parseJt808Frame(frame: Buffer, policy: ChecksumPolicy = 'accept'): Result<Jt808Frame> {
  const r = readJt808Frame(frame, policy);
  if (!r.ok) return r;
  const f = r.value;
  return ok({
    header: f.header,
    body: f.data.subarray(f.bodyStart, f.bodyEnd),
    checksum: f.checksum,
    checksumValid: f.checksumValid,
    lengthValid: f.lengthValid,
    escaped: f.escaped,
  });
}

/*
 * Phone strings are cached by their bytes: a terminal sends the same phone in every frame and
 * hex-formatting it is a large share of decoding a location. Bounded; cleared when full. A
 * connection keeps its own last phone too (PhoneMemo), so its frames skip the shared map.
 */
const PHONE_CACHE_LIMIT = 65_536;
const phones6 = new Map<number, string>();
const phones10 = new Map<number, { high: number; phone: string }>();

function phoneString(data: Buffer, at: number, is2019: boolean): string {
  if (!is2019) {
    const key = u48(data, at);
    let phone = phones6.get(key);
    if (phone === undefined) {
      phone = data.toString('hex', at, at + 6);
      if (phones6.size >= PHONE_CACHE_LIMIT) phones6.clear();
      phones6.set(key, phone);
    }
    return phone;
  }
  const high = u32(data, at);
  const key = u48(data, at + 4);
  const hit = phones10.get(key);
  if (hit !== undefined && hit.high === high) return hit.phone;
  const phone = data.toString('hex', at, at + 10);
  if (phones10.size >= PHONE_CACHE_LIMIT) phones10.clear();
  phones10.set(key, { high, phone });
  return phone;
}

/**
 * One connection's last phone, by its bytes: a terminal's every frame carries the same phone, and
 * comparing two numbers is cheaper than finding it among every terminal's in the shared map (a
 * cache miss a frame at 10 000 terminals, issue 33).
 */
export class PhoneMemo implements PhoneLookup {
  private low = -1;
  private high = -1;
  private phone = '';

  phoneOf(data: Buffer, at: number, is2019: boolean): string {
    const high = is2019 ? u32(data, at) : -2;
    const low = u48(data, is2019 ? at + 4 : at);
    if (low !== this.low || high !== this.high) {
      this.phone = phoneString(data, at, is2019);
      this.low = low;
      this.high = high;
    }
    return this.phone;
  }
}

export interface FrameTarget {
  /** BCD digits of the terminal phone: 12 (2011/2013 header) or 20 (2019 header). */
  phone: string;
  protocolVersion?: number;
  packetTotal?: number;
  packetIndex?: number;
}

const SCRATCH = Buffer.allocUnsafe(2048);

/** Build a complete, escaped frame. The phone's length picks the 2013 or 2019 header. */
export function buildJt808Frame(msgId: number, target: FrameTarget, serial: number, body: Uint8Array): Buffer {
  const is2019 = target.phone.length === 20;
  const sub = target.packetTotal !== undefined && target.packetIndex !== undefined;
  const phoneAt = is2019 ? 5 : 4;
  const serialAt = phoneAt + (is2019 ? 10 : 6);
  const headerLength = serialAt + 2 + (sub ? 4 : 0);
  const size = headerLength + body.length + 1;
  const buf = size <= SCRATCH.length ? SCRATCH : Buffer.allocUnsafe(size);
  buf.writeUInt16BE(msgId & 0xffff, 0);
  buf.writeUInt16BE((body.length & 0x03ff) | (sub ? 0x2000 : 0) | (is2019 ? 0x4000 : 0), 2);
  if (is2019) buf[4] = (target.protocolVersion ?? 1) & 0xff;
  writePhone(buf, phoneAt, target.phone, is2019 ? 10 : 6);
  buf.writeUInt16BE(serial & 0xffff, serialAt);
  if (sub) {
    buf.writeUInt16BE((target.packetTotal ?? 1) & 0xffff, serialAt + 2);
    buf.writeUInt16BE((target.packetIndex ?? 1) & 0xffff, serialAt + 4);
  }
  buf.set(body, headerLength);
  buf[size - 1] = xorChecksum(buf, 0, size - 1);
  return escapeJt808(buf, size);
}

function writePhone(buf: Buffer, at: number, phone: string, bytes: number): void {
  const written = buf.write(phone, at, bytes, 'hex');
  for (let i = written; i < bytes; i++) buf[at + i] = 0;
}

/**
 * The wire phone for a terminal id: its BCD digits left-padded with zeros to 12 digits (2013)
 * or, past 12 digits, to 20 (2019). Returns null when it is not 1-20 hex digits.
 */
export function phoneForTerminalId(terminalId: string): string | null {
  if (!/^[0-9a-fA-F]{1,20}$/.test(terminalId)) return null;
  const width = terminalId.length <= 12 ? 12 : 20;
  return terminalId.toLowerCase().padStart(width, '0');
}
