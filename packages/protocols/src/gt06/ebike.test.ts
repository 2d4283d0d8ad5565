import { describe, expect, it } from 'vitest';
import { EBIKE_VECTORS } from '../fixtures/ebike-vectors.ts';
import { decodeGt06 } from './decode.ts';
import { encodeGt06Bms, encodeGt06DeviceStatus } from './ebike-terminal.ts';
import { buildGt06Frame, encodeGt06Ack } from './frame.ts';
import { encodeGt06Alarm } from './terminal.ts';

const ctx = { terminalId: '868120300000001' };

describe('GT06 e-bike frames (fixtures/ebike-vectors.ts)', () => {
  for (const v of EBIKE_VECTORS) {
    it(v.id, () => {
      const r = decodeGt06(Buffer.from(v.hex, 'hex'), ctx);
      if (!r.ok) throw new Error(r.error.detail);
      expect(r.value.checksumValid).toBe(true);
      expect(r.value.lengthValid).toBe(true);
      expect(r.value.serial).toBe(v.serial);
      const m = r.value.messages[0];
      // Every one of these is acknowledged (same protocol number and serial).
      expect(m.reply?.toString('hex')).toBe(encodeGt06Ack(v.protocol, v.serial).toString('hex'));
      if (v.ebike) {
        expect(m.kind).toBe('status');
        expect(m.ebike).toEqual(v.ebike);
      }
      if (v.bms) {
        expect(m.kind).toBe('bms');
        expect(m.bms).toMatchObject(v.bms);
        expect(m.bms!.implausible).toEqual(v.implausible);
      }
      if (v.alarms) {
        expect(m.kind).toBe('alarm');
        expect(m.positions![0].alarms).toEqual(v.alarms);
        expect(m.positions![0].extras.alarmCode).toBe(v.alarmCode);
      }
    });
  }

  it('ACC on while disarmed is no alarm, and ACC off never is', () => {
    const at = { time: Date.UTC(2026, 10, 25), lat: 31.2, lon: 121.4, valid: true, speedKmh: 0, course: 0 };
    const accOn = decodeGt06(encodeGt06Alarm(at, 'accOnWhileArmed', { armed: false }, 1), ctx);
    if (!accOn.ok) throw new Error(accOn.error.detail);
    expect(accOn.value.messages[0].positions![0].alarms).toEqual([]);
    const off = Buffer.from(encodeGt06Alarm(at, 'accOnWhileArmed', { armed: true }, 2));
    off[off.length - 8] = 0xff; // alarm byte → 0xFF (ACC off); CRC left stale, accepted by policy
    const accOff = decodeGt06(off, ctx);
    if (!accOff.ok) throw new Error(accOff.error.detail);
    expect(accOff.value.messages[0].positions![0].alarms).toEqual([]);
  });

  it('round-trips what an e-bike sends', () => {
    const status = { armed: true, acc: true, supplyVolts: 51.23, charging: false, chargeVolts: 0, batteryTempC: -3.4, powerCut: true };
    const s = decodeGt06(encodeGt06DeviceStatus(status, 7), ctx);
    expect(s.ok && s.value.messages[0].ebike).toEqual(status);
    const report = {
      socPct: 50,
      remainingMah: 10000,
      fullMah: 20000,
      healthPct: 99,
      temperatureC: 18.2,
      currentA: 4.25,
      voltageV: 50.1,
      cycles: 3,
      cellVolts: Array(14).fill(3.578),
    };
    const b = decodeGt06(encodeGt06Bms(report, 8), ctx);
    expect(b.ok && b.value.messages[0].bms).toMatchObject({ ...report, absoluteSocPct: 50, implausible: [] });
  });

  it('a short 0xF1 or 0x40 is a typed error, and a 0x40 without its tail still decodes', () => {
    expect(decodeGt06(buildGt06Frame(0xf1, Buffer.alloc(8), 1), ctx)).toMatchObject({ ok: false, error: { code: 'tooShort' } });
    expect(decodeGt06(buildGt06Frame(0x40, Buffer.alloc(54), 1), ctx)).toMatchObject({ ok: false, error: { code: 'tooShort' } });
    const full = Buffer.from(EBIKE_VECTORS.find((v) => v.id === 'gt06-40-bms-13s')!.hex, 'hex');
    const cut = decodeGt06(buildGt06Frame(0x40, full.subarray(4, 4 + 55), 1), ctx);
    if (!cut.ok) throw new Error(cut.error.detail);
    expect(cut.value.messages[0].bms).toMatchObject({ socPct: 76, cycles: 128, barcode: '', controllerFault: 0, implausible: [] });
  });

  it('a pack whose every cell reads 0 is flagged', () => {
    const r = decodeGt06(
      encodeGt06Bms(
        { socPct: 50, remainingMah: 1, fullMah: 2, healthPct: 90, temperatureC: 20, currentA: 0, voltageV: 48, cycles: 1, cellVolts: [] },
        1,
      ),
      ctx,
    );
    expect(r.ok && r.value.messages[0].bms?.implausible).toEqual(['cells']);
  });

  it('every length and extreme byte of a 0xF1 or 0x40 content is a typed result, never a throw', () => {
    const bms = Buffer.from(EBIKE_VECTORS.find((v) => v.id === 'gt06-40-bms-13s')!.hex, 'hex').subarray(4, 4 + 105);
    for (const [protocol, content] of [
      [0x40, bms],
      [0xf1, Buffer.alloc(10, 0x7f)],
    ] as const) {
      // (n = 0 is the server's acknowledgement of that type, decoded as such.)
      for (let n = 1; n <= content.length; n++) {
        for (const fill of [0x00, 0xff]) {
          const c = Buffer.from(content.subarray(0, n));
          if (n > 0) c[n - 1] = fill;
          const r = decodeGt06(buildGt06Frame(protocol, c, n), ctx);
          if (r.ok) expect(r.value.messages[0].kind).toBe(protocol === 0x40 ? 'bms' : 'status');
          else expect(r.error.code).toBe('tooShort');
        }
      }
    }
  });
});
