import { describe, expect, it } from 'vitest';
import type { DeviceMessage } from '../model.ts';
import { encodeGt06Command } from './commands.ts';
import { decodeGt06 } from './decode.ts';
import {
  encodeGt06Alarm,
  encodeGt06CommandResponse,
  encodeGt06Heartbeat,
  encodeGt06Location,
  encodeGt06Login,
  encodeGt06StringInfo,
  type Gt06LocationInput,
} from './terminal.ts';

const IMEI = '868120145233604';

function decodeOne(frame: Buffer): DeviceMessage {
  const r = decodeGt06(frame, { terminalId: IMEI });
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.detail}`);
  expect(r.value.checksumValid).toBe(true);
  expect(r.value.lengthValid).toBe(true);
  return r.value.messages[0];
}

const fix: Gt06LocationInput = {
  time: Date.UTC(2024, 4, 1, 12, 30, 45),
  lat: 22.543099,
  lon: 114.057868,
  valid: true,
  speedKmh: 57,
  course: 181,
  satellites: 9,
  acc: true,
  cell: { mcc: 460, mnc: 0, lac: 10365, cellId: 8049 },
  mileageKm: 1234.5,
};

describe('GT06 terminal encoders round-trip through the decoder', () => {
  it('login → IMEI and the acknowledgement the server must send', () => {
    const m = decodeOne(encodeGt06Login(IMEI, 1));
    expect(m).toMatchObject({ kind: 'login', terminalId: IMEI, serial: 1 });
    expect(m.reply?.toString('hex')).toBe('787805010001d9dc0d0a');
    expect(decodeOne(m.reply!).kind).toBe('serverAck');
  });

  it('heartbeat with terminal information', () => {
    const m = decodeOne(encodeGt06Heartbeat({ acc: true, gpsTracking: true, oilCut: true, voltageLevel: 5, gsmSignal: 3 }, 2));
    expect(m.kind).toBe('heartbeat');
    expect(m.status).toMatchObject({ acc: true, gpsTracking: true, oilCut: true, batteryLevel: 5, signal: 3, alarms: [] });
    expect(m.reply).toBeDefined();
  });

  for (const protocol of [0x12, 0x22] as const) {
    it(`location 0x${protocol.toString(16)}`, () => {
      const m = decodeOne(encodeGt06Location(fix, 3, protocol));
      expect(m.kind).toBe('location');
      const p = m.positions![0];
      expect(p).toMatchObject({ terminalId: IMEI, time: fix.time, valid: true, speedKmh: 57, course: 181, satellites: 9, acc: true });
      expect(p.lat).toBeCloseTo(fix.lat, 5);
      expect(p.lon).toBeCloseTo(fix.lon, 5);
      expect(p.extras.cell).toEqual(fix.cell);
      if (protocol === 0x22) expect(p.mileageKm).toBe(1234.5);
    });
  }

  it('southern and western hemispheres', () => {
    const p = decodeOne(encodeGt06Location({ ...fix, lat: -33.8688, lon: -70.6693 }, 4)).positions![0];
    expect(p.lat).toBeCloseTo(-33.8688, 5);
    expect(p.lon).toBeCloseTo(-70.6693, 5);
  });

  for (const alarm of ['sos', 'powerCut', 'vibration', 'geofenceEnter', 'geofenceExit', 'overspeed', 'displacement', 'tamper'] as const) {
    it(`alarm packet: ${alarm}`, () => {
      const m = decodeOne(encodeGt06Alarm(fix, alarm, { acc: false, gpsTracking: true }, 5));
      expect(m.kind).toBe('alarm');
      expect(m.positions![0].alarms).toEqual([alarm]);
      expect(m.positions![0].acc).toBe(false);
      expect(m.reply).toBeDefined();
    });
  }

  it('command round trip: 0x80 out, 0x15 and 0x21 answers matched by server flag', () => {
    const cmd = encodeGt06Command(IMEI, { type: 'cutOil' }, 513);
    if (!cmd.ok) throw new Error(cmd.error.detail);
    const sent = decodeOne(cmd.value.frame);
    expect(sent).toMatchObject({ kind: 'serverCommand', serial: 513, detail: { serverFlag: 513, text: 'DYD,000000#' } });
    const a = decodeOne(encodeGt06StringInfo(513, 'DYD=Success!', 7));
    expect(a.kind).toBe('commandReply');
    expect(a.commandReply).toEqual({ replyKey: cmd.value.replyKey, answered: '0x80', success: true, text: 'DYD=Success!' });
    const b = decodeOne(encodeGt06CommandResponse(513, 'HFYD=Success!', 8));
    expect(b.commandReply?.replyKey).toBe(cmd.value.replyKey);
    expect(b.commandReply?.text).toBe('HFYD=Success!');
  });
});

describe('GT06 command encoder', () => {
  const text = (type: Parameters<typeof encodeGt06Command>[1], ctx = {}) => {
    const r = encodeGt06Command(IMEI, type, 1, ctx);
    if (!r.ok) throw new Error(r.error.detail);
    return decodeOne(r.value.frame).detail?.text;
  };

  it('uses the usual text commands', () => {
    expect(text({ type: 'cutOil' })).toBe('DYD,000000#');
    expect(text({ type: 'restoreOil' }, { password: '123456' })).toBe('HFYD,123456#');
    expect(text({ type: 'locateNow' })).toBe('WHERE#');
    expect(text({ type: 'setInterval', seconds: 30 })).toBe('TIMER,30#');
    expect(text({ type: 'reboot' })).toBe('RESET#');
    expect(text({ type: 'custom', text: 'Relay,1#' })).toBe('Relay,1#');
  });

  it('matches Traccar’s engine-stop frame byte for byte (server flag and serial 0)', () => {
    const r = encodeGt06Command(IMEI, { type: 'custom', text: 'Relay,1#' }, 0);
    expect(r.ok && r.value.frame.toString('hex')).toBe('787812800c0000000052656c61792c312300009dee0d0a');
  });

  it('has no text display command', () => {
    expect(encodeGt06Command(IMEI, { type: 'text', text: '你好' }, 1)).toMatchObject({ ok: false, error: { code: 'unsupportedCommand' } });
  });
});
