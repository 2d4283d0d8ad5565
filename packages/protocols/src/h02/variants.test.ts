/**
 * H02 as other firmware writes it: random valid sentences and binary frames from an independent
 * builder (fixtures/variants/h02.ts), decoded and compared field by field.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DeviceMessage } from '../model.ts';
import { decodeH02 } from './decode.ts';
import { createH02Framer } from './framer.ts';
import { differences, frameInChunks, type BuiltFrame } from '../fixtures/variants/common.ts';
import { h02Binary, h02Fix, h02Id, h02V1, h02V4 } from '../fixtures/variants/h02.ts';

const NOW = Date.UTC(2026, 10, 29, 5, 0, 0);

function decode(frame: Buffer): DeviceMessage {
  const r = decodeH02(frame, { now: NOW });
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.detail} (${frame.toString('latin1')})`);
  return r.value.messages[0];
}

const sentence = fc.oneof(
  fc.record({ id: h02Id, fix: h02Fix }).map(({ id, fix }) => h02V1(id, fix)),
  fc.record({ id: h02Id, fix: h02Fix }).map(({ id, fix }) => h02V4(id, fix, '101010')),
);

describe('H02 variants', () => {
  it('decodes V1 (DDMM.MMMM, DDDMM.MMMM, no point, battery field, S/W) and V4, every field', () => {
    fc.assert(
      fc.property(fc.array(sentence, { minLength: 1, maxLength: 8 }), fc.integer({ min: 1, max: 50 }), (built, cut) => {
        const stream = Buffer.concat(built.map((b) => b.bytes));
        const { frames } = frameInChunks(createH02Framer(), stream, cut);
        expect(frames).toHaveLength(built.length);
        frames.forEach((frame, i) => {
          const m = decode(frame);
          expect(m.terminalId).toBe(built[i].terminalId);
          expect(m.positions).toHaveLength(1);
          expect(differences(m.positions![0], built[i].fixes[0])).toEqual([]);
          if (built[i].variant === 'h02-V4') expect(m.commandReply).toMatchObject({ replyKey: 'S20,101010', success: true });
          else expect(m.reply?.toString('latin1')).toMatch(new RegExp(`^\\*HQ,${built[i].terminalId},V4,V1,20261129050000#$`));
        });
      }),
      { numRuns: 200 },
    );
  });

  it('frames and decodes binary reports of 32 and 45 bytes, whatever digits they hold', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(32 as const, 45 as const),
        fc.array(fc.record({ id: fc.stringMatching(/^[0-9]{10}$/), fix: h02Fix }), { minLength: 2, maxLength: 6 }),
        (length, reports) => {
          const built: BuiltFrame[] = reports.map(({ id, fix }) => h02Binary(id, fix, length));
          const framer = createH02Framer();
          const { frames } = framer.push(Buffer.concat(built.map((b) => b.bytes)));
          expect(frames.map((f) => f.length)).toEqual(built.map(() => length));
          frames.forEach((frame, i) => {
            const m = decode(frame);
            expect(m.terminalId).toBe(built[i].terminalId);
            expect(differences(m.positions![0], built[i].fixes[0])).toEqual([]);
          });
        },
      ),
      { numRuns: 200 },
    );
  });

  it('loses no binary report when TCP cuts the stream anywhere (a 45-byte frame cut at 32 included)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(32 as const, 45 as const),
        fc.array(fc.record({ id: fc.stringMatching(/^[0-9]{10}$/), fix: h02Fix }), { minLength: 1, maxLength: 6 }),
        fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 4 }),
        (length, reports, cuts) => {
          const built: BuiltFrame[] = reports.map(({ id, fix }) => h02Binary(id, fix, length));
          const stream = Buffer.concat(built.map((b) => b.bytes));
          const framer = createH02Framer();
          const frames: Buffer[] = [];
          for (let i = 0, at = 0; at < stream.length; i++) {
            frames.push(...framer.push(stream.subarray(at, at + cuts[i % cuts.length])).frames);
            at += cuts[i % cuts.length];
          }
          expect(frames).toHaveLength(built.length);
          frames.forEach((frame, i) => {
            const m = decode(frame);
            expect(m.terminalId).toBe(built[i].terminalId);
            expect(differences(m.positions![0], built[i].fixes[0])).toEqual([]);
          });
        },
      ),
      { numRuns: 200 },
    );
  });

  it('frames a mix of binary reports and sentences however TCP cuts them', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(32 as const, 45 as const),
        fc.array(fc.record({ binary: fc.boolean(), id: fc.stringMatching(/^[0-9]{10}$/), fix: h02Fix }), { minLength: 1, maxLength: 6 }),
        fc.array(fc.integer({ min: 1, max: 60 }), { minLength: 1, maxLength: 5 }),
        (length, reports, cuts) => {
          const built = reports.map(({ binary, id, fix }) => (binary ? h02Binary(id, fix, length) : h02V1(id, fix)));
          const { frames } = frameInChunks(createH02Framer(), Buffer.concat(built.map((b) => b.bytes)), cuts);
          expect(frames).toHaveLength(built.length);
          frames.forEach((frame, i) => expect(differences(decode(frame).positions![0], built[i].fixes[0])).toEqual([]));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('reads the date across midnight and new year as written', () => {
    const last = {
      time: Date.UTC(2026, 11, 31, 23, 59, 59),
      valid: true,
      latDeg: 22,
      latMin: 325_000,
      lonDeg: 114,
      lonMin: 34_123,
      south: false,
      west: false,
      knots100: 1000,
      course: 90,
      alarms: [],
      acc: true,
      noPoint: false,
      battery: null,
    };
    for (const time of [last.time, last.time + 1000]) {
      const built = h02V1('4106023516', { ...last, time });
      expect(differences(decode(built.bytes).positions![0], built.fixes[0])).toEqual([]);
    }
  });

  it('reads NBR cells and LINK status', () => {
    const nbr = decode(
      Buffer.from('*HQ,355488020930796,NBR,002801,460,0,1,3,9360,4082,131,9360,4081,120,9360,4083,100,291022,FFFFFBFF#', 'latin1'),
    );
    expect(nbr.cells).toEqual([
      { mcc: 460, mnc: 0, lac: 9360, cellId: 4082, rssi: 131 },
      { mcc: 460, mnc: 0, lac: 9360, cellId: 4081, rssi: 120 },
      { mcc: 460, mnc: 0, lac: 9360, cellId: 4083, rssi: 100 },
    ]);
    expect(nbr.detail?.time).toBe(Date.UTC(2022, 9, 29, 0, 28, 1));
    expect(nbr.status).toMatchObject({ alarms: [], acc: false });
    const link = decode(Buffer.from('*HQ,355488020930796,LINK,112025,20,8,67,0,0,291022,FFFFFFFF#', 'latin1'));
    expect(link.status).toMatchObject({ signal: 20, satellites: 8, batteryLevel: 67, acc: true, alarms: [] });
  });
});
