import type { Framer, FramerOptions, FramerOutput, ProtocolError } from '../model.ts';

export const DEFAULT_MAX_FRAME_LENGTH = 2048;

/** What a protocol's scanner found at the current position. */
export const Scan = {
  /** A complete frame lies in [frameStart, frameEnd). */
  Frame: 0,
  /** A frame starts at frameStart but is not complete yet. */
  NeedMore: 1,
  /** Nothing usable before frameEnd: skip those bytes as junk. */
  Skip: 2,
} as const;
export type Scan = (typeof Scan)[keyof typeof Scan];

/**
 * Shared buffering for the stream framers: holds the tail of an incomplete frame between
 * chunks, counts junk, and enforces the memory bounds. Frames returned are views into buffers
 * that are never reused, or copies when the caller reuses its buffer, so the gateway may keep them.
 */
export abstract class StreamFramer implements Framer {
  protected readonly maxFrameLength: number;
  protected readonly maxJunkBytes: number;
  protected frameStart = 0;
  protected frameEnd = 0;
  private pending: Buffer | null = null;
  private junk = 0;

  constructor(opts: FramerOptions = {}) {
    this.maxFrameLength = Math.max(16, opts.maxFrameLength ?? DEFAULT_MAX_FRAME_LENGTH);
    this.maxJunkBytes = Math.max(0, opts.maxJunkBytes ?? this.maxFrameLength);
  }

  /** Look for the next frame in buf from pos; set frameStart/frameEnd and say what was found. */
  protected abstract scan(buf: Buffer, pos: number): Scan;

  get bufferedBytes(): number {
    return this.pending ? this.pending.length : 0;
  }

  reset(): void {
    this.pending = null;
    this.junk = 0;
  }

  push(chunk: Buffer): FramerOutput {
    const frames: Buffer[] = [];
    const error = this.pushInto(chunk, chunk.length, frames, false);
    return error ? { frames, error } : { frames };
  }

  pushInto(chunk: Buffer, length: number, frames: Buffer[], reused: boolean): ProtocolError | undefined {
    if (length === 0) return;
    // A frame held over from the last chunk: the two joined in a new buffer, which nobody reuses.
    const joined = this.pending !== null;
    const bytes = length === chunk.length ? chunk : chunk.subarray(0, length);
    const buf = joined ? Buffer.concat([this.pending!, bytes]) : bytes;
    const copy = reused && !joined;
    this.pending = null;
    let pos = 0;
    while (pos < buf.length) {
      const found = this.scan(buf, pos);
      if (found === Scan.Frame) {
        if (this.frameEnd - this.frameStart > this.maxFrameLength) {
          return this.failWith('overflow', this.frameEnd - this.frameStart);
        }
        frames.push(copy ? copyOf(buf, this.frameStart, this.frameEnd) : buf.subarray(this.frameStart, this.frameEnd));
        this.junk = 0;
        pos = this.frameEnd;
      } else if (found === Scan.NeedMore) {
        this.junk += this.frameStart - pos;
        pos = this.frameStart;
        break;
      } else {
        this.junk += this.frameEnd - pos;
        pos = this.frameEnd;
      }
      if (this.junk > this.maxJunkBytes) return this.failWith('junk', this.junk);
    }
    if (this.junk > this.maxJunkBytes) return this.failWith('junk', this.junk);
    const rest = buf.length - pos;
    if (rest > this.maxFrameLength) return this.failWith('overflow', rest);
    // Copy the small tail so a large chunk is not kept alive by a view into it.
    if (rest > 0) this.pending = Buffer.from(buf.subarray(pos));
  }

  private failWith(code: 'overflow' | 'junk', size: number): ProtocolError {
    this.reset();
    return code === 'overflow'
      ? { code, detail: `frame of ${size} bytes exceeds the limit of ${this.maxFrameLength}` }
      : { code, detail: `${size} bytes of junk exceed the limit of ${this.maxJunkBytes}` };
  }
}

/** buf[start, end) in a buffer of its own (a small one is a slice of Node's shared pool). */
function copyOf(buf: Buffer, start: number, end: number): Buffer {
  const out = Buffer.allocUnsafe(end - start);
  buf.copy(out, 0, start, end);
  return out;
}
