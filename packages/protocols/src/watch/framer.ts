/**
 * Watch protocol stream framer: a frame runs from `[` to the first `]` (content bytes that are
 * `]` are escaped as `}` 0x03, so the first one ends the frame). Bytes before a `[` are junk.
 */
import type { FramerOptions } from '../model.ts';
import { Scan, StreamFramer } from '../common/stream-framer.ts';
import { CLOSE, OPEN } from './frame.ts';

/** Voice (TK) and picture frames run to several kilobytes: a larger default than the others. */
export const WATCH_MAX_FRAME_LENGTH = 16_384;

export class WatchFramer extends StreamFramer {
  constructor(opts: FramerOptions = {}) {
    super({ ...opts, maxFrameLength: opts.maxFrameLength ?? WATCH_MAX_FRAME_LENGTH });
  }

  protected scan(buf: Buffer, pos: number): Scan {
    const start = buf.indexOf(OPEN, pos);
    if (start === -1) {
      this.frameEnd = buf.length;
      return Scan.Skip;
    }
    this.frameStart = start;
    const end = buf.indexOf(CLOSE, start + 1);
    if (end === -1) {
      if (buf.length - start > this.maxFrameLength) {
        this.frameEnd = buf.length; // reported as overflow
        return Scan.Frame;
      }
      return Scan.NeedMore;
    }
    // A stray '[' before the real start (a real one inside a frame is escaped): start at the last.
    this.frameStart = buf.lastIndexOf(OPEN, end);
    this.frameEnd = end + 1;
    return Scan.Frame;
  }
}

export function createWatchFramer(opts?: FramerOptions): WatchFramer {
  return new WatchFramer(opts);
}
