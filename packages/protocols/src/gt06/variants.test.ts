/**
 * GT06 as other firmware writes it: random valid packets from an independent builder
 * (fixtures/variants/gt06.ts) in both frame forms, and real frames of the later packet types.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DeviceMessage } from '../model.ts';
import { decodeGt06 } from './decode.ts';
import { createGt06Framer } from './framer.ts';
import { differences, frameInChunks } from '../fixtures/variants/common.ts';
import { crcX25, gt06Login, gt06Packet, gt06PacketFrame, gtFrame, imei } from '../fixtures/variants/gt06.ts';

const IMEI = '868120300100216';

function decode(frame: Buffer, now?: number): DeviceMessage {
  const r = decodeGt06(frame, { terminalId: IMEI, now });
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.detail} (${frame.toString('hex')})`);
  expect(r.value.checksumValid).toBe(true);
  expect(r.value.lengthValid).toBe(true);
  return r.value.messages[0];
}

describe('GT06 variants', () => {
  it('agrees with the CRC-ITU of the published login frame', () => {
    const frame = Buffer.from('78780d01086471700328358100093f040d0a', 'hex');
    expect(crcX25(frame.subarray(2, frame.length - 4))).toBe(0x3f04);
  });

  it('decodes 0x10/0x12/0x22/0x16/0x26/0x32/0x1A/0xA0 in the 0x7878 and 0x7979 forms, every field', () => {
    fc.assert(
      fc.property(
        fc.array(gt06Packet, { minLength: 1, maxLength: 8 }),
        fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 5 }),
        (packets, cut) => {
          const built = packets.map((p) => gt06PacketFrame(IMEI, p));
          // One stream, cut into pieces of `cut` bytes: frames split across TCP chunks.
          const stream = Buffer.concat(built.map((b) => b.bytes));
          const { frames, errors } = frameInChunks(createGt06Framer(), stream, cut);
          expect(errors).toEqual([]);
          expect(frames).toHaveLength(built.length);
          frames.forEach((frame, i) => {
            const m = decode(frame);
            expect(m.messageType).toBe('0x' + packets[i].type.toString(16).padStart(2, '0'));
            expect(m.positions).toHaveLength(1);
            expect(differences(m.positions![0], built[i].fixes[0])).toEqual([]);
            if (packets[i].type !== 0x10 && packets[i].type !== 0x1a && packets[i].type !== 0xa0) {
              expect(m.positions![0].extras.cell).toEqual({
                mcc: packets[i].mcc,
                mnc: packets[i].mnc,
                lac: packets[i].lac,
                cellId: packets[i].cellId,
              });
            }
            // Acknowledged in the frame's own form with its serial.
            expect(m.reply?.subarray(0, 2).toString('hex')).toBe(packets[i].extended ? '7979' : '7878');
          });
        },
      ),
      { numRuns: 200 },
    );
  });

  it('reads the 4G cell of 0xA0: 4-byte LAC, 8-byte cell id, 2-byte MNC when MCC bit 15 is set', () => {
    fc.assert(
      fc.property(gt06Packet, (p) => {
        const spec = { ...p, type: 0xa0 as const };
        const m = decode(gt06PacketFrame(IMEI, spec).bytes);
        expect(m.positions![0].extras.cell).toEqual({
          mcc: spec.mcc,
          mnc: spec.mnc,
          lac: spec.lac4g,
          cellId: spec.cellHigh * 2 ** 32 + spec.cellId,
        });
        expect(m.positions![0].mileageKm).toBe(spec.mileage === null ? undefined : spec.mileage / 1000);
      }),
    );
  });

  it('logs in with the IMEI, with or without type id and time zone, in either form', () => {
    fc.assert(
      fc.property(
        imei,
        fc.option(fc.record({ typeId: fc.integer({ min: 0, max: 0xffff }), zoneMinutes: fc.integer({ min: -720, max: 840 }) })),
        fc.boolean(),
        (id, extra, extended) => {
          const r = decodeGt06(gt06Login(id, 1, extra, extended));
          if (!r.ok) throw new Error(r.error.detail);
          const m = r.value.messages[0];
          expect(m.kind).toBe('login');
          expect(m.terminalId).toBe(id);
          if (extra) expect(m.detail).toMatchObject({ typeId: extra.typeId, timezoneMinutes: extra.zoneMinutes });
          expect(m.reply).toBeDefined();
        },
      ),
    );
  });

  it('answers the 0x8A time request with UTC', () => {
    const now = Date.UTC(2026, 11, 31, 23, 59, 58);
    const m = decode(gtFrame(0x8a, Buffer.alloc(0), 0x0102, false), now);
    expect(m.reply!.toString('hex', 0, 10)).toBe('78780b8a1a0c1f173b3a');
  });

  it('reads 0x15 command answers in ASCII (also length 0 and NUL-padded) and UTF-16BE', () => {
    const ascii = Buffer.concat([
      Buffer.from([4 + 11]),
      Buffer.from('00000005', 'hex'),
      Buffer.from('DYD=Success', 'latin1'),
      Buffer.from('0002', 'hex'),
    ]);
    expect(decode(gtFrame(0x15, ascii, 1, false)).commandReply).toMatchObject({ replyKey: '5', text: 'DYD=Success' });
    // Traccar's frame from a device that writes length 0 and pads with NULs (its length field and
    // CRC do not verify either: accepted and flagged).
    const paddedFrame = decodeGt06(
      Buffer.from(
        '7878661500000000004459443d5375636365737321000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000010009e82b0d0a',
        'hex',
      ),
    );
    if (!paddedFrame.ok) throw new Error(paddedFrame.error.detail);
    expect(paddedFrame.value).toMatchObject({ checksumValid: false, lengthValid: false });
    expect(paddedFrame.value.messages[0].commandReply).toMatchObject({ replyKey: '0', text: 'DYD=Success!' });
    const chinese = Buffer.from('断油电成功', 'utf16le').swap16();
    const utf16 = Buffer.concat([Buffer.from([4 + chinese.length]), Buffer.from('00000009', 'hex'), chinese, Buffer.from('0001', 'hex')]);
    expect(decode(gtFrame(0x15, utf16, 2, false)).commandReply).toMatchObject({ replyKey: '9', text: '断油电成功' });
  });

  it('reads 0x21 answers in ASCII and UTF-16BE, in either form', () => {
    for (const extended of [false, true]) {
      const a = Buffer.concat([Buffer.from('0000000b01', 'hex'), Buffer.from('Relay OK', 'latin1')]);
      expect(decode(gtFrame(0x21, a, 3, extended)).commandReply).toMatchObject({ replyKey: '11', text: 'Relay OK' });
      const u = Buffer.concat([Buffer.from('0000000c02', 'hex'), Buffer.from('恢复油电', 'utf16le').swap16()]);
      expect(decode(gtFrame(0x21, u, 4, extended)).commandReply).toMatchObject({ replyKey: '12', text: '恢复油电' });
    }
  });

  it('reads 0x94 information (external voltage, ICCID) in either form — Traccar frames and their 0x7878 twins', () => {
    const volts = Buffer.from('79790008940000ed0289d6860d0a', 'hex');
    const iccid = Buffer.from('79790020940a035985708236675805200502187214018966051912408052452f000355560d0a', 'hex');
    for (const frame of [volts, iccid]) {
      const content = frame.subarray(5, frame.length - 6);
      for (const f of [frame, gtFrame(0x94, content, 7, false)]) {
        const r = decodeGt06(f, { terminalId: IMEI });
        if (!r.ok) throw new Error(r.error.detail);
        const m = r.value.messages[0];
        expect(m.kind).toBe('status');
        if (frame === volts) expect(m.detail).toMatchObject({ subType: 0, externalVolts: 2.37 });
        else expect(m.detail).toMatchObject({ subType: 0x0a, iccid: '8966051912408052452' });
      }
    }
  });

  it('reads the 16-byte 0x13 status (battery %, voltage, temperature) — Traccar frame', () => {
    const m = decode(Buffer.from('7878151330802b00000642014f0008720000802b5ee4d4c90d0a', 'hex'));
    expect(m.kind).toBe('heartbeat');
    expect(m.status).toMatchObject({ batteryLevel: 6, acc: false });
    expect(m.detail).toMatchObject({ batteryVolts: 3.35, temperature: 4.3 });
  });

  it('reads AZ735 0x32 packets in the 0x7979 form — Traccar frames', () => {
    const fix = decode(
      Buffer.from(
        '7979004a321106170c1b180cc900a875580b7ab4f00010350901fe0a007c0009112424007c000912240081004efe2100c500100f1200000000000000000000000000000000000000000000bc7c900d0a',
        'hex',
      ),
    );
    expect(fix.kind).toBe('location');
    const p = fix.positions![0];
    expect(new Date(p.time).toISOString()).toBe('2017-06-23T12:27:24.000Z');
    expect(p.lat).toBeCloseTo(-0x00a87558 / 1_800_000, 9);
    expect(p.lon).toBeCloseTo(0x0b7ab4f0 / 1_800_000, 9);
    expect(p.satellites).toBe(9);
    expect(p.extras.cell).toEqual({ mcc: 510, mnc: 10, lac: 124, cellId: 2321 });
    expect(fix.reply!.subarray(0, 2).toString('hex')).toBe('7979');
    // No fix (GPS length 0): no made-up place.
    const noFix = decode(
      Buffer.from(
        '79790045321106170c1b13000901fe0a007c0009112424007c000912230081004efe1e00c500100f120000000000000000000000000000000000000710bef565574e37000000b26f140d0a',
        'hex',
      ),
    );
    expect(noFix.kind).toBe('lbs');
    expect(noFix.positions).toBeUndefined();
  });
});
