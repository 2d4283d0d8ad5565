/**
 * H02 stream framer. Text sentences run from '*' to '#'. Binary frames ('$') have no length
 * field or terminator: they are 45 bytes (32 on old firmware, 42 with an 8-byte id). Unless
 * the length is configured, it is learned from the first frame: the candidate after which the
 * stream ends or the next frame starts — then kept for the connection.
 */
import type { FramerOptions } from '../model.ts';
import { Scan, StreamFramer } from '../common/stream-framer.ts';
import { looksLikeH02Binary } from './binary.ts';

export interface H02FramerOptions extends FramerOptions {
  /** Binary frame length when known for the device model (32, 42 or 45). */
  binaryFrameLength?: number;
}

const CANDIDATES = [45, 32, 42, 48];
const STAR = 0x2a;
const DOLLAR = 0x24;
const HASH = 0x23;

export class H02Framer extends StreamFramer {
  private binaryLength: number;

  constructor(opts: H02FramerOptions = {}) {
    super(opts);
    this.binaryLength = opts.binaryFrameLength ?? 0;
  }

  protected scan(buf: Buffer, pos: number): Scan {
    let start = pos;
    while (start < buf.length && buf[start] !== STAR && buf[start] !== DOLLAR) start++;
    if (start === buf.length) {
      this.frameEnd = buf.length;
      return Scan.Skip;
    }
    this.frameStart = start;
    return buf[start] === STAR ? this.text(buf, start) : this.binary(buf, start);
  }

  private text(buf: Buffer, start: number): Scan {
    const limit = Math.min(buf.length, start + this.maxFrameLength);
    const end = buf.indexOf(HASH, start + 1);
    if (end === -1 || end >= limit) {
      if (buf.length - start > this.maxFrameLength) {
        this.frameEnd = buf.length; // reported as overflow
        return Scan.Frame;
      }
      return Scan.NeedMore;
    }
    this.frameEnd = end + 1;
    return Scan.Frame;
  }

  private binary(buf: Buffer, start: number): Scan {
    const available = buf.length - start;
    let length = this.binaryLength;
    if (length === 0) {
      length = learnLength(buf, start);
      if (length === 0) {
        if (available > CANDIDATES.length * 16) {
          this.frameEnd = start + 1; // no plausible length: skip the '$'
          return Scan.Skip;
        }
        return Scan.NeedMore;
      }
      this.binaryLength = length;
    }
    if (available < length) return Scan.NeedMore;
    this.frameEnd = start + length;
    return Scan.Frame;
  }
}

/**
 * The candidate length that reads as a valid fix and ends where the next frame starts (or,
 * failing that, exactly where the data ends); 0 while undecided.
 */
function learnLength(buf: Buffer, start: number): number {
  const available = buf.length - start;
  for (const n of CANDIDATES) {
    const next = buf[start + n];
    if (available > n && (next === DOLLAR || next === STAR) && looksLikeH02Binary(buf, start, n)) return n;
  }
  for (const n of CANDIDATES) if (available === n && looksLikeH02Binary(buf, start, n)) return n;
  return 0;
}

export function createH02Framer(opts?: H02FramerOptions): H02Framer {
  return new H02Framer(opts);
}
