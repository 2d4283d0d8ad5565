/**
 * JT/T 808 as other encoders write it: random valid frames from an independent builder
 * (fixtures/variants/jt808.ts), decoded and compared field by field.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DeviceMessage, Position } from '../model.ts';
import { decodeJt808 } from './decode.ts';
import { createJt808Framer } from './framer.ts';
import { Jt808SubpackageAssembler } from './subpackage.ts';
import { differences, frameInChunks } from '../fixtures/variants/common.ts';
import {
  PLATES,
  jt808Frames,
  jt808Location,
  jt808Message,
  jt808Target,
  jtFrame,
  locationBody,
  locationFix,
  padded,
} from '../fixtures/variants/jt808.ts';

const NOW = Date.UTC(2026, 10, 29);

function decodeAll(
  frames: Buffer[],
  ctx = { subpackages: new Jt808SubpackageAssembler(), now: NOW, nextSerial: () => 7 },
): DeviceMessage[] {
  const out: DeviceMessage[] = [];
  for (const f of frames) {
    const r = decodeJt808(f, ctx);
    if (!r.ok) throw new Error(`${r.error.code}: ${r.error.detail} (${f.toString('hex')})`);
    expect(r.value.checksumValid).toBe(true);
    expect(r.value.lengthValid).toBe(true);
    out.push(...r.value.messages);
  }
  return out;
}

describe('JT/T 808 variants', () => {
  it('decodes 0x0200, 0x0704 (type 0 and 1) and sub-packaged batches under 2013 and 2019 headers, every field', () => {
    fc.assert(
      fc.property(
        fc.array(jt808Message, { minLength: 1, maxLength: 5 }),
        fc.array(fc.integer({ min: 1, max: 80 }), { minLength: 1, maxLength: 5 }),
        (messages, cuts) => {
          const built = messages.flatMap(jt808Frames);
          // All of it down one stream, through the framer, cut as TCP may cut it.
          const { frames, errors } = frameInChunks(createJt808Framer(), Buffer.concat(built.map((b) => b.bytes)), cuts);
          expect(errors).toEqual([]);
          expect(frames).toHaveLength(built.length);
          const decoded = decodeAll(frames);
          const positions = decoded.flatMap((m) => m.positions ?? []);
          const sent = built.flatMap((b) => b.fixes);
          expect(positions).toHaveLength(sent.length);
          positions.forEach((p, i) => expect(differences(p, sent[i])).toEqual([]));
          // Every frame, sub-packages included, is answered with 0x8001 echoing its serial.
          expect(decoded.every((m) => m.reply !== undefined)).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('keeps unknown additional items by their length and reads the known ones around them', () => {
    fc.assert(
      fc.property(jt808Target, jt808Location, (target, loc) => {
        const [m] = decodeAll([jtFrame(0x0200, target, 1, locationBody(loc))]);
        const p = m.positions![0] as Position;
        expect(differences(p, locationFix(target.phone, loc))).toEqual([]);
        expect(p.mileageKm).toBe(loc.mileageRaw === null ? undefined : loc.mileageRaw / 10);
        expect(p.extras.itemsTruncated).toBeUndefined();
        const raw = (p.extras.rawItems ?? {}) as Record<string, string>;
        for (const item of loc.unknown) {
          const key = '0x' + item[0].toString(16).padStart(2, '0');
          expect(Object.keys(raw)).toContain(key);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('escapes 0x7e/0x7d everywhere, checksum included', () => {
    // A body made of flags and escapes; the serial chosen so the checksum is 0x7e, then 0x7d.
    const target = { is2019: true, phone: '00000000013912345678', version: 1 };
    for (const want of [0x7e, 0x7d]) {
      const body = Buffer.from('7e7d7e7d0000', 'hex');
      let serial = 0;
      let frame = jtFrame(0x0900, target, serial, body);
      while (frame[frame.length - 3] !== 0x7d || frame[frame.length - 2] !== (want === 0x7e ? 0x02 : 0x01))
        frame = jtFrame(0x0900, target, ++serial, body);
      const [m] = decodeAll([frame]);
      expect(m.kind).toBe('passThrough');
      expect(m.passThrough!.type).toBe(0x7e);
      expect(m.passThrough!.data.toString('hex')).toBe('7d7e7d0000');
      expect(m.terminalId).toBe('00000000013912345678');
    }
  });

  it('reads 0x0100 registrations in their 2013 and 2019 field lengths (a 2019 body also under a 2013 header)', () => {
    const layouts = fc.constantFrom('2013', '2019', '2019-body-2013-header');
    fc.assert(
      fc.property(
        layouts,
        fc.integer({ min: 0, max: PLATES.length - 1 }),
        fc.stringMatching(/^[A-Z0-9]{1,5}$/),
        fc.stringMatching(/^[A-Z0-9-]{1,20}$/),
        fc.stringMatching(/^[A-Z0-9]{1,7}$/),
        (layout, plate, maker, model, deviceId) => {
          const [makerLen, modelLen, idLen] = layout === '2013' ? [5, 20, 7] : [11, 30, 30];
          const body = Buffer.concat([
            Buffer.from([0x00, 0x2c, 0x01, 0x2c]),
            padded(maker, makerLen),
            padded(model, modelLen),
            padded(deviceId, idLen),
            Buffer.from([2]),
            PLATES[plate][0],
          ]);
          const is2019 = layout === '2019';
          const target = is2019 ? { is2019, phone: '00000000013912345678', version: 1 } : { is2019, phone: '013912345678', version: 0 };
          const [m] = decodeAll([jtFrame(0x0100, target, 3, body)]);
          expect(m.register).toEqual({ province: 44, city: 300, maker, model, deviceId, plateColor: 2, plate: PLATES[plate][1] });
          expect(m.reply![1]).toBe(0x81); // 0x8100
        },
      ),
    );
  });

  it('reads 0x0102 authentication, 2019 with its IMEI and software version (also under a 2013 header)', () => {
    const code = Buffer.from('AUTH-8866', 'latin1');
    const b2013 = decodeAll([jtFrame(0x0102, { is2019: false, phone: '013912345678', version: 0 }, 4, code)]);
    expect(b2013[0].auth).toEqual({ authCode: 'AUTH-8866' });
    const body = Buffer.concat([Buffer.from([code.length]), code, Buffer.from('868120300100216', 'latin1'), padded('V2.1.7', 20)]);
    const b2019 = decodeAll([jtFrame(0x0102, { is2019: true, phone: '00000000013912345678', version: 1 }, 5, body)]);
    expect(b2019[0].auth).toEqual({ authCode: 'AUTH-8866', imei: '868120300100216', softwareVersion: 'V2.1.7' });
    // The 2019 body from firmware that kept the 2013 header.
    const mixed = decodeAll([jtFrame(0x0102, { is2019: false, phone: '013912345678', version: 0 }, 6, body)]);
    expect(mixed[0].auth).toEqual({ authCode: 'AUTH-8866', imei: '868120300100216', softwareVersion: 'V2.1.7' });
  });

  it('answers 0x0002 heartbeats, 0x0003 unregistrations and 0x0900 pass-through', () => {
    const t = { is2019: false, phone: '013912345678', version: 0 };
    const [hb, un, pt] = decodeAll([
      jtFrame(0x0002, t, 9, Buffer.alloc(0)),
      jtFrame(0x0003, t, 10, Buffer.alloc(0)),
      jtFrame(0x0900, t, 11, Buffer.from('41010203', 'hex')),
    ]);
    expect([hb.kind, un.kind, pt.kind]).toEqual(['heartbeat', 'unregister', 'passThrough']);
    expect(pt.passThrough).toEqual({ type: 0x41, data: Buffer.from('010203', 'hex') });
    // 0x8001 answers quote the terminal's serial and message id.
    for (const [m, serial, id] of [
      [hb, 9, 0x0002],
      [un, 10, 0x0003],
      [pt, 11, 0x0900],
    ] as const) {
      const reply = decodeJt808(m.reply!);
      expect(reply.ok && reply.value.messages[0].commandReply).toMatchObject({ serial, answered: '0x' + id.toString(16).padStart(4, '0') });
    }
  });
});
