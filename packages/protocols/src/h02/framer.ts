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
/** Bytes after which an undecided '$' is junk: two frames of every candidate length fit. */
const UNDECIDED_LIMIT = 2 * Math.max(...CANDIDATES);
const STAR = 0x2a;
const DOLLAR = 0x24;
const HASH = 0x23;
const COMMA = 0x2c;

export class H02Framer extends StreamFramer {
  private binaryLength: number;
  /** The length was learned from the stream (not configured): a frame that contradicts it is re-learned. */
  private learned = false;
  /**
   * Frames still to check against a length learned from one frame's evidence. A confirmed length
   * checks only a '$' found after skipped bytes: frames back to back cost nothing extra.
   */
  private toVerify = 0;

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
    return buf[start] === STAR ? this.text(buf, start) : this.binary(buf, start, start > pos);
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

  private binary(buf: Buffer, start: number, afterJunk: boolean): Scan {
    const available = buf.length - start;
    let length = this.binaryLength;
    if (length === 0) {
      length = learnLength(buf, start);
      if (length === 0) {
        if (available > UNDECIDED_LIMIT) {
          this.frameEnd = start + 1; // no plausible length: skip the '$'
          return Scan.Skip;
        }
        return Scan.NeedMore;
      }
      this.binaryLength = length;
      this.learned = true;
      this.toVerify = chainHolds(buf, start, length) ? 0 : 2;
    }
    if (available < length) return Scan.NeedMore;
    if (this.learned && (this.toVerify > 0 || afterJunk)) {
      if (!looksLikeH02Binary(buf, start, length)) {
        // A '$' that is no fix (the tail of a longer frame than the one learned, or noise): skip
        // it, and learn the length again from the frames that follow.
        this.binaryLength = 0;
        this.learned = false;
        this.frameEnd = start + 1;
        return Scan.Skip;
      }
      if (this.toVerify > 0 && !afterJunk) this.toVerify--;
    }
    this.frameEnd = start + length;
    return Scan.Frame;
  }
}

/**
 * The binary length, once the stream shows it; 0 while undecided. In order: the length at which
 * every frame the buffer holds reads as a fix (two at least, or one followed by a text
 * sentence); the one candidate after which a frame starts, when only one does (a `$` inside
 * the next frame — a BCD "24" — must not pass for a start); a candidate's length when exactly
 * that much is there (a 45-byte frame cut at 32 by TCP is then framed short: its fix still reads
 * right, its tail is skipped, and the next frame that contradicts the length has it re-learned) —
 * unless a shorter candidate ends at the start of a text sentence still arriving.
 */
function learnLength(buf: Buffer, start: number): number {
  for (const n of CANDIDATES) if (chainHolds(buf, start, n)) return n;
  const available = buf.length - start;
  let found = 0;
  for (const n of CANDIDATES) {
    if (available > n && startsFrame(buf, start + n) && looksLikeH02Binary(buf, start, n)) {
      if (found) return 0;
      found = n;
    }
  }
  if (found) return found;
  // A '*' where a shorter candidate ends may be a text sentence whose header has not all come yet
  // ("*HQ" of "*HQ,"): an exact longer length would swallow it, so wait for more.
  for (const n of CANDIDATES) if (buf[start + n] === STAR && available < n + 4) return 0;
  for (const n of CANDIDATES) if (available === n && looksLikeH02Binary(buf, start, n)) return n;
  return 0;
}

/** A binary frame or a text sentence (`*XX,`) may start at `at`. */
function startsFrame(buf: Buffer, at: number): boolean {
  const c = buf[at];
  return c === DOLLAR || (c === STAR && buf[at + 3] === COMMA);
}

/**
 * Frames of length n from `start` on read as fixes through the whole buffer: two or more, ending
 * at its end or in an incomplete one, or one and more followed by a text sentence.
 */
function chainHolds(buf: Buffer, start: number, n: number): boolean {
  let at = start;
  let frames = 0;
  while (at < buf.length) {
    if (buf[at] === STAR) return frames >= 1 && startsFrame(buf, at);
    if (buf[at] !== DOLLAR) return false;
    if (buf.length - at < n) return frames >= 2;
    if (!looksLikeH02Binary(buf, at, n)) return false;
    frames++;
    at += n;
  }
  return frames >= 2;
}

export function createH02Framer(opts?: H02FramerOptions): H02Framer {
  return new H02Framer(opts);
}
