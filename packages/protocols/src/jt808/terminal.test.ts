import { describe, expect, it } from 'vitest';
import type { DecodeContext, DeviceMessage } from '../model.ts';
import { decodeJt808 } from './decode.ts';
import { Jt808SubpackageAssembler } from './subpackage.ts';
import {
  encodeJt808Auth,
  encodeJt808Batch,
  encodeJt808Heartbeat,
  encodeJt808Location,
  encodeJt808LocationReply,
  encodeJt808ParamReply,
  encodeJt808PassThrough,
  encodeJt808Register,
  encodeJt808TerminalReply,
  encodeJt808Unregister,
  type Jt808LocationInput,
} from './terminal.ts';

const T2013 = { phone: '013912345678' };
const T2019 = { phone: '00000000013912345678', protocolVersion: 1 };

function decodeOne(frame: Buffer, ctx: DecodeContext = {}): DeviceMessage {
  const r = decodeJt808(frame, ctx);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.detail}`);
  expect(r.value.checksumValid).toBe(true);
  expect(r.value.lengthValid).toBe(true);
  return r.value.messages[0];
}

const fix: Jt808LocationInput = {
  time: Date.UTC(2024, 4, 1, 12, 30, 45),
  lat: 31.230416,
  lon: 121.473701,
  valid: true,
  speedKmh: 63.5,
  course: 271,
  altitude: 12,
  acc: true,
  alarms: ['overspeed', 'powerCut'],
  statusFlags: ['oilCut', 'gps', 'beidou'],
  mileageKm: 12345.6,
  fuel: 42.5,
  signal: 28,
  satellites: 11,
};

describe('JT/T 808 terminal encoders round-trip through the decoder', () => {
  for (const t of [T2013, T2019]) {
    const label = t.phone.length === 20 ? '2019' : '2013';

    it(`register and auth (${label})`, () => {
      const info = { province: 31, city: 115, maker: '70107', model: 'CL-100', deviceId: 'A1B2C3D', plateColor: 1, plate: '沪A12345' };
      const reg = decodeOne(encodeJt808Register(t, 1, info), { nextSerial: () => 7, authCode: 'secret' });
      expect(reg.kind).toBe('register');
      expect(reg.terminalId).toBe(t.phone);
      expect(reg.register).toEqual(info);
      const reply = decodeOne(reg.reply!);
      expect(reply.kind).toBe('registerReply');
      expect(reply.serial).toBe(7);
      expect(reply.detail).toEqual({ replySerial: 1, result: 0, authCode: 'secret' });

      const auth = { authCode: 'secret', imei: '866123456789012', softwareVersion: 'V1.2.3' };
      const a = decodeOne(encodeJt808Auth(t, 2, auth));
      expect(a.kind).toBe('auth');
      expect(a.auth).toEqual(t === T2019 ? auth : { authCode: 'secret' });
      expect(decodeOne(a.reply!).commandReply).toMatchObject({ serial: 2, answered: '0x0102', result: 0 });

      // The platform's refusals, in the same header version: 0x8100 without a code, 0x8001 failure.
      expect(decodeOne(reg.refuse!(4)).detail).toEqual({ replySerial: 1, result: 4, authCode: undefined });
      const refused = decodeOne(a.refuse!(1));
      expect(refused.terminalId).toBe(t.phone);
      expect(refused.commandReply).toMatchObject({ serial: 2, answered: '0x0102', result: 1 });
    });

    it(`location with alarms, status flags and items (${label})`, () => {
      const m = decodeOne(encodeJt808Location(t, 3, fix), { nextSerial: () => 9 });
      expect(m.kind).toBe('location');
      const p = m.positions![0];
      expect(p).toMatchObject({
        terminalId: t.phone,
        time: fix.time,
        valid: true,
        speedKmh: 63.5,
        course: 271,
        altitude: 12,
        acc: true,
        alarms: ['overspeed', 'powerCut'],
        mileageKm: 12345.6,
        fuel: 42.5,
        signal: 28,
        satellites: 11,
      });
      expect(p.lat).toBeCloseTo(fix.lat, 6);
      expect(p.lon).toBeCloseTo(fix.lon, 6);
      expect(p.extras.statusFlags).toEqual(['acc', 'positioned', 'oilCut', 'gps', 'beidou']);
      const ack = decodeOne(m.reply!);
      expect(ack).toMatchObject({ kind: 'generalReply', serial: 9, terminalId: t.phone });
      expect(ack.commandReply).toMatchObject({ replyKey: '3', answered: '0x0200', result: 0, success: true });
    });

    it(`heartbeat, unregister, replies and pass-through (${label})`, () => {
      expect(decodeOne(encodeJt808Heartbeat(t, 4)).kind).toBe('heartbeat');
      expect(decodeOne(encodeJt808Unregister(t, 5)).kind).toBe('unregister');
      const r = decodeOne(encodeJt808TerminalReply(t, 6, 77, 0x8105, 0));
      expect(r.commandReply).toEqual({ replyKey: '77', serial: 77, answered: '0x8105', result: 0, success: true });
      const q = decodeOne(encodeJt808LocationReply(t, 7, 78, fix));
      expect(q.kind).toBe('location');
      expect(q.commandReply?.replyKey).toBe('78');
      expect(q.positions![0].time).toBe(fix.time);
      const params = decodeOne(
        encodeJt808ParamReply(t, 8, 79, [
          { id: 0x0029, value: 30 },
          { id: 0x0083, value: '沪A12345' },
        ]),
      );
      expect(params.kind).toBe('paramReply');
      expect(params.params).toEqual([
        { id: 0x0029, value: 30 },
        { id: 0x0083, value: '沪A12345' },
      ]);
      expect(params.commandReply?.replyKey).toBe('79');
      const pt = decodeOne(encodeJt808PassThrough(t, 9, 0x41, Buffer.from('7e7d00ff', 'hex')));
      expect(pt.passThrough).toEqual({ type: 0x41, data: Buffer.from('7e7d00ff', 'hex') });
    });
  }

  it('southern and western positions set the status bits and sign the coordinates', () => {
    const m = decodeOne(encodeJt808Location(T2013, 1, { ...fix, lat: -33.8688, lon: -70.6693, alarms: [] }));
    const p = m.positions![0];
    expect(p.lat).toBeCloseTo(-33.8688, 6);
    expect(p.lon).toBeCloseTo(-70.6693, 6);
    expect(p.extras.statusFlags).toContain('south');
    expect(p.extras.statusFlags).toContain('west');
  });

  it('a batch too large for one frame goes as sub-packages and is reassembled', () => {
    const items = Array.from({ length: 40 }, (_, i) => ({ ...fix, time: fix.time + i * 10_000, course: i }));
    const frames = encodeJt808Batch(T2013, 100, items, 1);
    expect(frames.length).toBeGreaterThan(1);
    const assembler = new Jt808SubpackageAssembler();
    const ctx: DecodeContext = { subpackages: assembler, now: 0 };
    const out = frames.map((f) => decodeOne(f, ctx));
    out.slice(0, -1).forEach((m, i) => {
      expect(m.kind).toBe('subpackage');
      expect(m.detail).toMatchObject({ packetIndex: i + 1, packetTotal: frames.length });
      expect(decodeOne(m.reply!).commandReply?.serial).toBe(100 + i);
    });
    const last = out[out.length - 1];
    expect(last.kind).toBe('location');
    expect(last.detail).toEqual({ batchType: 1, count: 40, truncated: false });
    expect(last.positions!.map((p) => p.course)).toEqual(items.map((x) => x.course));
    expect(assembler.pendingMessages).toBe(0);
    expect(assembler.pendingBytes).toBe(0);
  });
});
