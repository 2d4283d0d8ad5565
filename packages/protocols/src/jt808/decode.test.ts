import { describe, expect, it } from 'vitest';
import { JT808_VECTORS } from '../fixtures/jt808-vectors.ts';
import type { LocationExpect } from '../fixtures/vector-types.ts';
import type { DeviceMessage, Position } from '../model.ts';
import { decodeJt808 } from './decode.ts';
import { JT808_ALARM_BITS } from './flags.ts';
import { parseJt808Frame } from './frame.ts';
import { decodeLocation, type Jt808Location } from './location.ts';

const frameOf = (hex: string) => Buffer.from(hex, 'hex');

function bitsOf(word: number): number[] {
  const bits: number[] = [];
  for (let i = 0; i < 32; i++) if ((word >>> i) & 1) bits.push(i);
  return bits;
}

function expectRawLocation(loc: Jt808Location, want: LocationExpect) {
  expect(loc.alarm).toBe(want.alarm);
  expect(bitsOf(loc.alarm)).toEqual(want.alarmBits);
  expect(loc.status).toBe(want.status);
  expect(bitsOf(loc.status)).toEqual(want.statusBits);
  expect(loc.latRaw).toBe(want.latRaw);
  expect(loc.lonRaw).toBe(want.lonRaw);
  expect(loc.lat).toBeCloseTo(want.lat, 6);
  expect(loc.lon).toBeCloseTo(want.lon, 6);
  expect(loc.altitude).toBe(want.altitude);
  expect(loc.speedRaw).toBe(want.speedRaw);
  expect(loc.speedKmh).toBeCloseTo(want.speedKmh, 6);
  expect(loc.direction).toBe(want.direction);
  expect(new Date(loc.time).toISOString()).toBe(want.timeUtc);
  if (!want.items) return;
  const { raw, ...known } = want.items as { raw?: Record<string, string> };
  for (const [key, value] of Object.entries(known)) {
    expect(loc.items[key as keyof typeof loc.items], key).toEqual(value);
  }
  expect(loc.items.raw).toEqual(raw);
}

function expectPosition(p: Position, want: LocationExpect, terminalId: string) {
  expect(p.terminalId).toBe(terminalId);
  expect(new Date(p.time).toISOString()).toBe(want.timeUtc);
  expect(p.lat).toBeCloseTo(want.lat, 6);
  expect(p.lon).toBeCloseTo(want.lon, 6);
  expect(p.valid).toBe((want.status & 2) !== 0);
  expect(p.acc).toBe((want.status & 1) !== 0);
  expect(p.speedKmh).toBeCloseTo(want.speedKmh, 6);
  expect(p.course).toBe(want.direction);
  expect(p.altitude).toBe(want.altitude);
  const named = want.alarmBits.map((b) => JT808_ALARM_BITS[b]).filter((a) => a !== null);
  expect(p.alarms).toEqual(named);
  expect(p.extras.statusWord).toBe(want.status);
  expect(p.extras.alarmWord).toBe(want.alarm);
  if (!want.items) return;
  const items = want.items as Record<string, number | undefined>;
  expect(p.mileageKm).toBe(items.mileageKm);
  expect(p.fuel).toBe(items.fuelL);
  expect(p.signal).toBe(items.signal);
  expect(p.satellites).toBe(items.satellites);
}

describe('JT/T 808 real frames, field by field', () => {
  for (const v of JT808_VECTORS) {
    it(v.id, () => {
      const buf = frameOf(v.hex);
      const parsed = parseJt808Frame(buf);
      if (!parsed.ok) throw new Error(parsed.error.detail);
      const { header, body, checksum, checksumValid, escaped, lengthValid } = parsed.value;
      expect(header.msgId).toBe(v.header.msgId);
      expect(header.phone).toBe(v.header.phone);
      expect(header.serial).toBe(v.header.serial);
      expect(header.bodyLength).toBe(v.header.bodyLength);
      expect(header.is2019).toBe(v.header.is2019);
      expect(header.protocolVersion).toBe(v.header.protocolVersion);
      expect(header.packetTotal).toBe(v.header.packetTotal);
      expect(header.packetIndex).toBe(v.header.packetIndex);
      expect(checksum).toBe(v.header.checksum);
      expect(checksumValid).toBe(v.header.checksumValid);
      expect(escaped).toBe(v.header.escaped);
      expect(lengthValid).toBe(v.bodyLengthActual === undefined);
      expect(body.length).toBe(v.bodyLengthActual ?? v.header.bodyLength);

      const result = decodeJt808(buf);
      if (!result.ok) throw new Error(result.error.detail);
      const frame = result.value;
      expect(frame.terminalId).toBe(v.header.phone);
      expect(frame.checksumValid).toBe(v.header.checksumValid);
      expect(frame.serial).toBe(v.header.serial);
      expect(frame.messages).toHaveLength(1);
      const msg = frame.messages[0];
      expect(msg.terminalId).toBe(v.header.phone);

      if (v.location) {
        const loc = decodeLocation(body);
        expect(loc).not.toBeNull();
        expectRawLocation(loc!, v.location);
        expect(msg.kind).toBe('location');
        expectPosition(msg.positions![0], v.location, v.header.phone);
      }
      if (v.batch) {
        expect(msg.kind).toBe('location');
        expect(msg.detail).toMatchObject({ count: v.batch.count, batchType: v.batch.type, truncated: false });
        expect(msg.positions).toHaveLength(v.batch.items.length);
        v.batch.items.forEach((want, i) => expectPosition(msg.positions![i], want, v.header.phone));
      }
      if (v.body) expectBody(msg, v.header.msgId, v.body);
      if (v.reply8001) expect(msg.reply?.toString('hex')).toBe(v.reply8001);
    });
  }
});

function expectBody(msg: DeviceMessage, msgId: number, body: Record<string, unknown>) {
  switch (msgId) {
    case 0x0100:
      expect(msg.kind).toBe('register');
      expect(msg.register).toEqual(body);
      break;
    case 0x0102:
      expect(msg.kind).toBe('auth');
      expect(msg.auth).toEqual(body);
      break;
    case 0x0001:
    case 0x8001:
      expect(msg.kind).toBe('generalReply');
      expect(msg.commandReply).toMatchObject({
        replyKey: String(body.replySerial),
        serial: body.replySerial,
        answered: '0x' + (body.replyMsgId as number).toString(16).padStart(4, '0'),
        result: body.result,
      });
      break;
    case 0x8100:
      expect(msg.kind).toBe('registerReply');
      expect(msg.detail).toEqual({ authCode: undefined, ...body });
      break;
    case 0x8103:
      expect(msg.kind).toBe('serverCommand');
      expect(msg.params).toEqual(body.params);
      expect(msg.detail).toMatchObject({ count: body.count });
      break;
    default:
      expect(msg.kind).toBe('serverCommand');
      expect(msg.detail).toEqual({ textType: undefined, ...body });
  }
}
