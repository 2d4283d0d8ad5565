import { describe, expect, it } from 'vitest';
import { codecs } from './index.ts';
import type { Framer } from './model.ts';
import { JT808_VECTORS } from './fixtures/jt808-vectors.ts';
import { GT06_VECTORS } from './fixtures/gt06-vectors.ts';
import { H02_VECTORS } from './fixtures/h02-vectors.ts';
import { WATCH_VECTORS } from './fixtures/watch-vectors.ts';

const frames = {
  jt808: JT808_VECTORS.map((v) => Buffer.from(v.hex, 'hex')),
  gt06: GT06_VECTORS.map((v) => Buffer.from(v.hex, 'hex')),
  // Text sentences only: binary H02 frames are framed by length, tested in h02/terminal.test.ts.
  h02: H02_VECTORS.filter((v) => v.hex.startsWith('2a')).map((v) => Buffer.from(v.hex, 'hex')),
  watch: WATCH_VECTORS.map((v) => Buffer.from(v.text, 'latin1')),
};

function pushAll(framer: Framer, stream: Buffer, chunk: number): Buffer[] {
  const out: Buffer[] = [];
  for (let i = 0; i < stream.length; i += chunk) {
    const r = framer.push(stream.subarray(i, i + chunk));
    expect(r.error).toBeUndefined();
    out.push(...r.frames);
  }
  return out;
}

describe.each(Object.entries(frames))('%s framer', (name, list) => {
  const codec = codecs[name as keyof typeof codecs];

  it.each([1, 3, 17, 1000])('returns every real frame, unchanged, from %i-byte chunks', (chunk) => {
    const stream = Buffer.concat(list);
    const out = pushAll(codec.createFramer(), stream, chunk);
    expect(out.map((f) => f.toString('hex'))).toEqual(list.map((f) => f.toString('hex')));
  });

  it.each([1, 5, 64, 4096])('reading %i bytes at a time into one reused buffer, returns frames that stay whole (pushInto)', (chunk) => {
    // The gateway reads every connection into one buffer: a frame, or the part of one that spans
    // reads, must not be a view into it once the next read overwrites it.
    const stream = Buffer.concat(list);
    const framer = codec.createFramer();
    const reused = Buffer.alloc(4096);
    const out: Buffer[] = [];
    for (let i = 0; i < stream.length; i += chunk) {
      const n = stream.copy(reused, 0, i, i + chunk);
      expect(framer.pushInto(reused, n, out, true)).toBeUndefined();
      reused.fill(0x7e); // the next connection's bytes
    }
    expect(out.map((f) => f.toString('hex'))).toEqual(list.map((f) => f.toString('hex')));
  });

  it('skips junk between frames', () => {
    const junk = Buffer.from('\r\n\0\0hello\r\n');
    const stream = Buffer.concat(list.flatMap((f) => [junk, f]));
    const out = pushAll(codec.createFramer(), stream, 64);
    expect(out.length).toBe(list.length);
  });

  it('reports an endless frame as overflow and holds no more than the limit', () => {
    const framer = codec.createFramer({ maxFrameLength: 256 });
    const start = { jt808: '7e0200', gt06: '7979ffff', h02: '2a48512c', watch: '5b33472a' }[name as 'jt808'];
    let error = framer.push(Buffer.from(start, 'hex')).error;
    for (let i = 0; i < 100 && !error; i++) {
      error = framer.push(Buffer.alloc(64, 0x31)).error;
      expect(framer.bufferedBytes).toBeLessThanOrEqual(256);
    }
    expect(error?.code).toBe('overflow');
    expect(framer.bufferedBytes).toBe(0);
  });

  it('reports a stream of junk', () => {
    const framer = codec.createFramer({ maxFrameLength: 256, maxJunkBytes: 1000 });
    let error;
    for (let i = 0; i < 100 && !error; i++) error = framer.push(Buffer.alloc(64, 0x00)).error;
    expect(error?.code).toBe('junk');
  });
});
