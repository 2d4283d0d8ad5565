import { describe, expect, it } from 'vitest';
import { decodeGt06 } from './decode.ts';
import { encodeGt06BluetoothClock } from './badge-packets.ts';
import { buildGt06Frame, encodeGt06Ack } from './frame.ts';

const IMEI = '868120145233604';
const time = Date.UTC(2026, 10, 25, 0, 58, 30);
const sighting = {
  time,
  clock: 'in' as const,
  rssi: -67,
  mac: 'c1:00:00:00:00:02',
  uuid: 'fda50693-a4e2-4fb1-afcf-c6eb07647825',
  major: 10001,
  minor: 2,
  battery: 86,
};

function decodeOne(frame: Buffer) {
  const r = decodeGt06(frame, { terminalId: IMEI });
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.detail}`);
  return r.value.messages[0];
}

describe('GT06 work-badge packets (no public frame: our reading of the vendor field list)', () => {
  it('reads a 0xB2 Bluetooth clock-in and acknowledges it', () => {
    const frame = encodeGt06BluetoothClock(sighting, 9);
    const m = decodeOne(frame);
    expect(m).toMatchObject({ kind: 'status', messageType: '0xb2', terminalId: IMEI, serial: 9 });
    expect(m.beacons).toEqual([sighting]);
    expect(m.reply).toEqual(encodeGt06Ack(0xb2, 9, false));
  });

  it('keeps the flag as sent: out, or only heard', () => {
    expect(decodeOne(encodeGt06BluetoothClock({ ...sighting, clock: 'out' }, 1)).beacons?.[0].clock).toBe('out');
    expect(decodeOne(encodeGt06BluetoothClock({ ...sighting, clock: 'seen', rssi: -100 }, 1)).beacons?.[0]).toMatchObject({
      clock: 'seen',
      rssi: -100,
    });
  });

  it('refuses a short 0xB2 and keeps a 0xB0 attendance packet as hex, acknowledged', () => {
    expect(decodeGt06(buildGt06Frame(0xb2, Buffer.alloc(10), 1), { terminalId: IMEI })).toMatchObject({
      ok: false,
      error: { code: 'tooShort' },
    });
    const att = decodeOne(buildGt06Frame(0xb0, Buffer.from('1a0b190a0000', 'hex'), 3));
    expect(att).toMatchObject({ kind: 'status', messageType: '0xb0', detail: { attendanceHex: '1a0b190a0000' } });
    expect(att.reply).toEqual(encodeGt06Ack(0xb0, 3, false));
  });
});
