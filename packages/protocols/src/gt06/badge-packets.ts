/**
 * GT06 work-badge packets (Jimi/Concox 4G badges): 0xB2 Bluetooth clock-in and 0xB0 attendance.
 * Traccar declares both (MSG_BLUETOOTH_CLOCK 0xB2, MSG_ATTENDANCE 0xB0) and decodes neither into
 * fields we could check; no public frame of either was found. The 0xB2 layout here is our reading
 * of the fields the vendor lists — clock time, clock flag, RSSI, beacon MAC, UUID, major, minor,
 * beacon battery — in the order GT06 packets put such blocks (time first, UTC, as in the GPS
 * packets). 0xB0 is acknowledged and kept as hex. Adjust when a device's document is at hand.
 *
 * 0xB2 content (35 bytes): YY MM DD hh mm ss · clock flag (1 in, 2 out, else as sent) · RSSI
 * (signed dBm) · MAC (6) · UUID (16) · major (2) · minor (2) · beacon battery % (1).
 */
import type { BeaconSighting, DeviceMessage, Result } from '../model.ts';
import { u16 } from '../common/bytes.ts';
import { ok } from '../common/result.ts';
import { utcMillis } from '../common/time.ts';
import { buildGt06Frame } from './frame.ts';
import { message, short, type PacketContext } from './packet.ts';

export const BLUETOOTH_CLOCK_LENGTH = 35;

export function decodeBluetoothClock(p: PacketContext): Result<DeviceMessage> {
  const { b, f } = p;
  const at = f.contentStart;
  const size = f.contentEnd - at;
  if (size < BLUETOOTH_CLOCK_LENGTH) return short(f, size);
  const time = utcMillis(2000 + b[at], b[at + 1], b[at + 2], b[at + 3], b[at + 4], b[at + 5]);
  const hex = (from: number, n: number) => b.toString('hex', from, from + n);
  const mac = hex(at + 8, 6).replace(/(..)(?!$)/g, '$1:');
  const u = hex(at + 14, 16);
  const sighting: BeaconSighting = {
    time: time >= 0 ? time : (p.ctx.now ?? 0),
    clock: b[at + 6] === 1 ? 'in' : b[at + 6] === 2 ? 'out' : 'seen',
    rssi: (b[at + 7] << 24) >> 24,
    mac,
    uuid: `${u.slice(0, 8)}-${u.slice(8, 12)}-${u.slice(12, 16)}-${u.slice(16, 20)}-${u.slice(20)}`,
    major: u16(b, at + 30),
    minor: u16(b, at + 32),
    battery: b[at + 34],
  };
  const m = message(p, 'status', true);
  m.beacons = [sighting];
  if (time < 0) m.detail = { timeInvalid: true };
  return ok(m);
}

export function decodeAttendance(p: PacketContext): Result<DeviceMessage> {
  const m = message(p, 'status', true);
  m.detail = { attendanceHex: p.b.toString('hex', p.f.contentStart, p.f.contentEnd) };
  return ok(m);
}

/** The badge's side: a 0xB2 clock-in for the simulator and the tests. */
export function encodeGt06BluetoothClock(s: Omit<BeaconSighting, 'clock'> & { clock?: BeaconSighting['clock'] }, serial: number): Buffer {
  const b = Buffer.alloc(BLUETOOTH_CLOCK_LENGTH);
  const d = new Date(s.time);
  b.set([d.getUTCFullYear() % 100, d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()], 0);
  b[6] = s.clock === 'in' ? 1 : s.clock === 'out' ? 2 : 0;
  b.writeInt8(Math.max(-128, Math.min(127, Math.round(s.rssi))), 7);
  Buffer.from(
    s.mac
      .replace(/[^0-9a-fA-F]/g, '')
      .padStart(12, '0')
      .slice(-12),
    'hex',
  ).copy(b, 8);
  Buffer.from(
    s.uuid
      .replace(/[^0-9a-fA-F]/g, '')
      .padStart(32, '0')
      .slice(-32),
    'hex',
  ).copy(b, 14);
  b.writeUInt16BE(s.major & 0xffff, 30);
  b.writeUInt16BE(s.minor & 0xffff, 32);
  b[34] = Math.max(0, Math.min(255, Math.round(s.battery ?? 0)));
  return buildGt06Frame(0xb2, b, serial);
}
