/**
 * GT06 (Concox) framing: 0x7878 + 1-byte length, or 0x7979 + 2-byte length; then protocol
 * number, content, serial (2), CRC-ITU (2) over length..serial, and 0x0d0a.
 */
import type { ChecksumPolicy, Result } from '../model.ts';
import { u16 } from '../common/bytes.ts';
import { crcItu } from '../common/crc-itu.ts';
import { fail, ok } from '../common/result.ts';

export interface Gt06Frame {
  /** 0x7979 frame with a 2-byte length. */
  extended: boolean;
  protocol: number;
  /** Content (between protocol number and serial) is frame[contentStart, contentEnd). */
  contentStart: number;
  contentEnd: number;
  serial: number;
  crc: number;
  crcValid: boolean;
  /** False when the length field disagrees with the bytes present. */
  lengthValid: boolean;
}

export function readGt06Frame(frame: Buffer, policy: ChecksumPolicy = 'accept'): Result<Gt06Frame> {
  const len = frame.length;
  if (len === 0) return fail('empty', 'no bytes');
  const extended = frame[0] === 0x79 && frame[1] === 0x79;
  if (!extended && !(frame[0] === 0x78 && frame[1] === 0x78)) {
    return fail('badFrame', 'a GT06 frame starts with 0x7878 or 0x7979');
  }
  const headLength = extended ? 4 : 3;
  if (len < headLength + 7) return fail('tooShort', `${len} bytes cannot hold a GT06 frame`);
  if (frame[len - 2] !== 0x0d || frame[len - 1] !== 0x0a) {
    return fail('badFrame', 'a GT06 frame ends with 0x0d0a');
  }
  const declared = extended ? u16(frame, 2) : frame[2];
  const actual = len - headLength - 2;
  const lengthValid = declared === actual;
  if (!lengthValid && policy === 'reject') {
    return fail('badLength', `length field ${declared}, ${actual} bytes present`);
  }
  const crc = u16(frame, len - 4);
  const crcValid = crcItu(frame, 2, len - 4) === crc;
  if (!crcValid && policy === 'reject') {
    return fail('badChecksum', `CRC 0x${crc.toString(16)} does not verify`);
  }
  return ok({
    extended,
    protocol: frame[headLength],
    contentStart: headLength + 1,
    contentEnd: len - 6,
    serial: u16(frame, len - 6),
    crc,
    crcValid,
    lengthValid,
  });
}

/** A complete frame: protocol number + content + serial, with length, CRC and stop bytes. */
export function buildGt06Frame(protocol: number, content: Uint8Array, serial: number, extended = false): Buffer {
  const headLength = extended ? 4 : 3;
  const length = 1 + content.length + 4;
  const out = Buffer.allocUnsafe(headLength + length + 2);
  out[0] = out[1] = extended ? 0x79 : 0x78;
  if (extended) out.writeUInt16BE(length & 0xffff, 2);
  else out[2] = length & 0xff;
  out[headLength] = protocol;
  out.set(content, headLength + 1);
  const serialAt = headLength + 1 + content.length;
  out[serialAt] = (serial >> 8) & 0xff;
  out[serialAt + 1] = serial & 0xff;
  const crc = crcItu(out, 2, serialAt + 2);
  out[serialAt + 2] = crc >> 8;
  out[serialAt + 3] = crc & 0xff;
  out[serialAt + 4] = 0x0d;
  out[serialAt + 5] = 0x0a;
  return out;
}

const EMPTY = new Uint8Array(0);

/** The server's acknowledgement: same protocol number and serial, no content. */
export function encodeGt06Ack(protocol: number, serial: number, extended = false): Buffer {
  return buildGt06Frame(protocol, EMPTY, serial, extended);
}
