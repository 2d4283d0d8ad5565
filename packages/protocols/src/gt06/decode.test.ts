import { describe, expect, it } from 'vitest';
import { GT06_VECTORS } from '../fixtures/gt06-vectors.ts';
import { decodeGt06 } from './decode.ts';
import { encodeGt06Ack, readGt06Frame } from './frame.ts';

const IMEI = '864717003283581';

describe('GT06 real frames, field by field', () => {
  for (const v of GT06_VECTORS) {
    it(v.id, () => {
      const buf = Buffer.from(v.hex, 'hex');
      const parsed = readGt06Frame(buf);
      if (!parsed.ok) throw new Error(parsed.error.detail);
      const f = parsed.value;
      expect(f.extended).toBe(v.start === 0x7979);
      expect(f.protocol).toBe(v.protocol);
      expect(f.serial).toBe(v.serial);
      expect(f.crc).toBe(v.crc);
      expect(f.crcValid).toBe(v.crcValid);
      expect(f.lengthValid).toBe(true);

      const result = decodeGt06(buf, { terminalId: IMEI });
      if (!result.ok) throw new Error(result.error.detail);
      expect(result.value.checksumValid).toBe(v.crcValid);
      expect(result.value.serial).toBe(v.serial);
      const [m] = result.value.messages;
      expect(m.serial).toBe(v.serial);
      if (v.isServerAck) {
        expect(m.kind).toBe('serverAck');
        return;
      }
      if (v.imei) {
        expect(m.kind).toBe('login');
        expect(m.terminalId).toBe(v.imei);
        expect(result.value.terminalId).toBe(v.imei);
      } else {
        expect(m.terminalId).toBe(IMEI);
      }
      if (v.serverReply) expect(m.reply?.toString('hex')).toBe(v.serverReply);
      if (v.timeUtc) {
        const p = m.positions![0];
        expect(p.terminalId).toBe(IMEI);
        expect(new Date(p.time).toISOString()).toBe(v.timeUtc);
        expect(p.satellites).toBe(v.satellites);
        expect(p.lat).toBeCloseTo(v.lat!, 6);
        expect(p.lon).toBeCloseTo(v.lon!, 6);
        expect(p.speedKmh).toBe(v.speedKmh);
        expect(p.course).toBe(v.course);
        expect(p.valid).toBe(v.valid);
        if (v.acc !== undefined) expect(p.acc).toBe(v.acc);
        if (v.cell) expect(p.extras.cell).toEqual(v.cell);
        if (v.uploadMode !== undefined) expect(p.extras.uploadMode).toBe(v.uploadMode);
        if (v.reupload !== undefined) expect(p.extras.blindArea).toBe(v.reupload === 1 ? true : undefined); // the re-upload byte is 补传
        if (v.alarms) {
          expect(p.alarms).toEqual(v.alarms);
          expect(m.kind).toBe(v.alarms.length > 0 ? 'alarm' : 'location');
          expect(p.extras.alarmCode).toBe(v.alarmByte);
          expect(p.extras.terminalInfo).toBe(v.terminalInfo);
          expect(p.extras.voltageLevel).toBe(v.voltageLevel);
          expect(p.signal).toBe(v.gsmSignal);
        } else {
          expect(m.kind).toBe('location');
          expect(p.alarms).toEqual([]);
        }
      }
      if (v.protocol === 0x13) {
        expect(m.kind).toBe('heartbeat');
        expect(m.status?.raw).toBe(v.terminalInfo);
        expect(m.status?.batteryLevel).toBe(v.voltageLevel);
        expect(m.status?.signal).toBe(v.gsmSignal);
      }
      if (v.commandText) {
        expect(m.kind).toBe('serverCommand');
        expect(m.detail).toEqual({ serverFlag: v.serverFlag, text: v.commandText });
      }
      if (v.protocol === 0x94) {
        expect(m.kind).toBe('status');
        expect(m.detail).toMatchObject({ subType: 0x0b, dataHex: '02e3' });
        expect(m.reply).toBeUndefined();
      }
    });
  }
});

describe('GT06 details the vectors imply', () => {
  it('reads terminal information bits of a status packet (oil cut, GPS, charging)', () => {
    const r = decodeGt06(Buffer.from('78780a13c40604000201298f5b0d0a', 'hex'), { terminalId: IMEI });
    if (!r.ok) throw new Error(r.error.detail);
    expect(r.value.messages[0].status).toMatchObject({
      oilCut: true,
      gpsTracking: true,
      charging: true,
      acc: false,
      armed: false,
      alarms: [],
    });
  });

  it('reads the login type id and time zone of an extended login', () => {
    const r = decodeGt06(Buffer.from('78781101075253367890024270003201000512790d0a', 'hex'));
    if (!r.ok) throw new Error(r.error.detail);
    expect(r.value.messages[0].detail).toEqual({ typeId: 0x7000, timezoneMinutes: 480, language: 1 });
  });

  it('knows the vibration alarm from both the alarm byte and terminal-info bits', () => {
    const hex = '7878252612030c063816c3026c10540c38c9700144030901cc002866000eee0c06040302000da2db0d0a';
    const r = decodeGt06(Buffer.from(hex, 'hex'), { terminalId: IMEI });
    if (!r.ok) throw new Error(r.error.detail);
    expect(r.value.messages[0].status?.alarms).toEqual(['vibration']);
    expect(r.value.messages[0].status?.charging).toBe(true);
  });

  it('acknowledges 0x7979 frames in 0x7979 form', () => {
    expect(encodeGt06Ack(0x12, 3, true).toString('hex').slice(0, 8)).toBe('79790005');
  });
});
