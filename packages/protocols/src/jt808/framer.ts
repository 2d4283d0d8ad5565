/**
 * JT/T 808 stream framer: a frame runs from one 0x7e to the next. Escaping guarantees 0x7e
 * appears nowhere else, so the scan is a native indexOf. Two flags back to back ("7e 7e") are
 * the end of one frame and the start of the next; the first is dropped as junk.
 */
import type { FramerOptions } from '../model.ts';
import { Scan, StreamFramer } from '../common/stream-framer.ts';
import { FLAG } from './frame.ts';

export class Jt808Framer extends StreamFramer {
  protected scan(buf: Buffer, pos: number): Scan {
    // In a healthy stream the next frame starts right where the last one ended: skip the
    // native call (its argument handling costs more than the scan) in that case.
    const start = buf[pos] === FLAG ? pos : buf.indexOf(FLAG, pos);
    if (start === -1) {
      this.frameEnd = buf.length;
      return Scan.Skip;
    }
    // Search for the end no further than a maximal frame, so a flood without 0x7e is cut short.
    const limit = Math.min(buf.length, start + this.maxFrameLength + 1);
    const end = buf.indexOf(FLAG, start + 1);
    if (end === -1 || end >= limit) {
      this.frameStart = start;
      if (buf.length - start > this.maxFrameLength) {
        this.frameEnd = buf.length; // no end within the limit: the push reports overflow
        return Scan.Frame;
      }
      return Scan.NeedMore;
    }
    if (end === start + 1) {
      this.frameEnd = end; // "7e 7e": skip the first flag, the second starts a frame
      return Scan.Skip;
    }
    this.frameStart = start;
    this.frameEnd = end + 1;
    return Scan.Frame;
  }
}

export function createJt808Framer(opts?: FramerOptions): Jt808Framer {
  return new Jt808Framer(opts);
}
