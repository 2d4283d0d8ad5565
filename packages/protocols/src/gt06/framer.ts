/**
 * GT06 stream framer: find 0x7878/0x7979, read the length, take length + 5 (or + 6) bytes and
 * check the 0x0d0a stop bytes. A start marker whose frame does not end in 0x0d0a was a
 * coincidence inside junk: skip one byte and look again.
 */
import type { FramerOptions } from '../model.ts';
import { Scan, StreamFramer } from '../common/stream-framer.ts';

export class Gt06Framer extends StreamFramer {
  protected scan(buf: Buffer, pos: number): Scan {
    const start = findStart(buf, pos);
    if (start === -1) {
      // Keep a trailing 0x78/0x79: it may be the first half of a marker.
      const last = buf[buf.length - 1];
      this.frameEnd = last === 0x78 || last === 0x79 ? buf.length - 1 : buf.length;
      if (this.frameEnd <= pos) {
        this.frameStart = pos;
        return Scan.NeedMore;
      }
      return Scan.Skip;
    }
    this.frameStart = start;
    const extended = buf[start] === 0x79;
    const head = extended ? 4 : 3;
    if (buf.length - start < head) return Scan.NeedMore;
    const length = extended ? (buf[start + 2] << 8) | buf[start + 3] : buf[start + 2];
    const total = head + length + 2;
    if (length < 5) {
      this.frameEnd = start + 1;
      return Scan.Skip;
    }
    if (total > this.maxFrameLength) {
      this.frameEnd = start + total; // reported as overflow by the caller
      return Scan.Frame;
    }
    if (buf.length - start < total) return Scan.NeedMore;
    if (buf[start + total - 2] !== 0x0d || buf[start + total - 1] !== 0x0a) {
      this.frameEnd = start + 1;
      return Scan.Skip;
    }
    this.frameEnd = start + total;
    return Scan.Frame;
  }
}

function findStart(buf: Buffer, pos: number): number {
  for (let i = pos; i + 1 < buf.length; i++) {
    const b = buf[i];
    if ((b === 0x78 || b === 0x79) && buf[i + 1] === b) return i;
  }
  return -1;
}

export function createGt06Framer(opts?: FramerOptions): Gt06Framer {
  return new Gt06Framer(opts);
}
