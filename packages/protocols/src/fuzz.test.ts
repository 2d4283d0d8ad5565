/**
 * Property tests: whatever bytes arrive, decoders and framers return (never throw, never
 * hang), report errors as typed results (never an 'internal' one, which would be a bug caught
 * at the boundary), and framers hold bounded memory.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codecs } from './index.ts';
import type { DecodeResult, ProtocolName, TerminalCommand } from './model.ts';
import { reseal } from './reseal.ts';
import { Jt808SubpackageAssembler } from './jt808/subpackage.ts';
import { JT808_VECTORS } from './fixtures/jt808-vectors.ts';
import { GT06_VECTORS } from './fixtures/gt06-vectors.ts';
import { H02_VECTORS } from './fixtures/h02-vectors.ts';
import { EBIKE_JT808_VECTORS, EBIKE_VECTORS } from './fixtures/ebike-vectors.ts';
import { WATCH_VECTORS } from './fixtures/watch-vectors.ts';

const REAL: Record<ProtocolName, Buffer[]> = {
  jt808: [...JT808_VECTORS, ...EBIKE_JT808_VECTORS].map((v) => Buffer.from(v.hex, 'hex')),
  // The e-bike frames (0xF1 status, 0x40 BMS, e-bike alarm codes) are GT06 frames too.
  gt06: [...GT06_VECTORS, ...EBIKE_VECTORS].map((v) => Buffer.from(v.hex, 'hex')),
  h02: H02_VECTORS.map((v) => Buffer.from(v.hex, 'hex')),
  watch: WATCH_VECTORS.map((v) => Buffer.from(v.text, 'latin1')),
};

const RUNS = 1500;

function expectWellFormed(r: DecodeResult) {
  if (r.ok) {
    expect(Array.isArray(r.value.messages)).toBe(true);
    for (const m of r.value.messages) {
      expect(typeof m.kind).toBe('string');
      expect(typeof m.terminalId).toBe('string');
      for (const p of m.positions ?? []) {
        expect(Number.isFinite(p.time)).toBe(true);
        expect(Array.isArray(p.alarms)).toBe(true);
      }
    }
  } else {
    expect(r.error.code).not.toBe('internal');
    expect(typeof r.error.detail).toBe('string');
  }
}

type Mutation =
  | { op: 'set'; at: number; value: number }
  | { op: 'cut'; at: number }
  | { op: 'insert'; at: number; bytes: Uint8Array }
  | { op: 'drop'; at: number; count: number };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ op: fc.constant('set' as const), at: fc.nat(), value: fc.integer({ min: 0, max: 255 }) }),
  fc.record({ op: fc.constant('cut' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('insert' as const), at: fc.nat(), bytes: fc.uint8Array({ maxLength: 8 }) }),
  fc.record({ op: fc.constant('drop' as const), at: fc.nat(), count: fc.integer({ min: 1, max: 8 }) }),
);

function mutate(frame: Buffer, ops: readonly Mutation[]): Buffer {
  let b = Buffer.from(frame);
  for (const m of ops) {
    const at = m.at % (b.length + 1);
    if (m.op === 'set') {
      if (at < b.length) b[at] = m.value;
    } else if (m.op === 'cut') b = b.subarray(0, at);
    else if (m.op === 'insert') b = Buffer.concat([b.subarray(0, at), Buffer.from(m.bytes), b.subarray(at)]);
    else b = Buffer.concat([b.subarray(0, at), b.subarray(at + m.count)]);
  }
  return b;
}

describe.each(Object.keys(codecs) as ProtocolName[])('%s under fuzzing', (name) => {
  const codec = codecs[name];
  const ctx = () => ({ terminalId: '123456789012345', now: 1_700_000_000_000, subpackages: new Jt808SubpackageAssembler() });

  it('random bytes never throw', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 600 }), (bytes) => {
        expectWellFormed(codec.decode(Buffer.from(bytes), ctx()));
      }),
      { numRuns: RUNS },
    );
  });

  it('random bytes inside the right markers never throw', () => {
    const wrap = (b: Uint8Array): Buffer => {
      const x = Buffer.from(b);
      if (name === 'jt808') return Buffer.concat([Buffer.from([0x7e]), x, Buffer.from([0x7e])]);
      if (name === 'gt06') return Buffer.concat([Buffer.from([0x78, 0x78, x.length + 1]), x, Buffer.from([0x0d, 0x0a])]);
      if (name === 'watch') return Buffer.concat([Buffer.from('[3G*8800000015*0010*UD,'), x, Buffer.from(']')]);
      return Buffer.concat([Buffer.from('*HQ,'), x, Buffer.from('#')]);
    };
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        expectWellFormed(codec.decode(reseal(name, wrap(bytes)), ctx()));
      }),
      { numRuns: RUNS },
    );
  });

  it('mutated real frames (resealed or not) never throw', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...REAL[name]),
        fc.array(mutation, { minLength: 1, maxLength: 4 }),
        fc.boolean(),
        (frame, ops, sealed) => {
          const mutated = mutate(frame, ops);
          expectWellFormed(codec.decode(sealed ? reseal(name, mutated) : mutated, ctx()));
          expectWellFormed(codec.decode(mutated, { checksumPolicy: 'reject' }));
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('the framer never throws, never holds more than its limit, and keeps real frames intact', () => {
    const max = 512;
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.uint8Array({ maxLength: 200 }), fc.constantFrom(...REAL[name])), { maxLength: 20 }),
        fc.integer({ min: 1, max: 97 }),
        (pieces, chunk) => {
          const framer = codec.createFramer({ maxFrameLength: max });
          const stream = Buffer.concat(pieces.map((p) => Buffer.from(p)));
          for (let i = 0; i < stream.length; i += chunk) {
            const out = framer.push(stream.subarray(i, i + chunk));
            expect(framer.bufferedBytes).toBeLessThanOrEqual(max);
            for (const f of out.frames) {
              expect(f.length).toBeLessThanOrEqual(max);
              expectWellFormed(codec.decode(f, ctx()));
            }
            if (out.error) framer.reset();
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('the command encoder never throws on odd input', () => {
    const command: fc.Arbitrary<TerminalCommand> = fc.oneof(
      fc.record({ type: fc.constant('setInterval' as const), seconds: fc.double() }),
      fc.record({ type: fc.constant('text' as const), text: fc.string({ maxLength: 700 }) }),
      fc.record({
        type: fc.constant('custom' as const),
        text: fc.option(fc.string(), { nil: undefined }),
        hex: fc.option(fc.string(), { nil: undefined }),
      }),
      fc.constantFrom<TerminalCommand>({ type: 'cutOil' }, { type: 'reboot' }, { type: 'locateNow' }),
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 24 }), command, fc.integer(), (id, c, serial) => {
        const r = codec.encodeCommand(id, c, serial, { now: 0 });
        if (!r.ok) expect(r.error.code).not.toBe('internal');
      }),
      { numRuns: RUNS },
    );
  });
});
