/**
 * The building blocks GT06 packets are made of: the GPS block (UTC date/time, satellites,
 * lat/lon in 1/1 800 000 degree, speed km/h, course/status word), the LBS block (cell tower)
 * and the terminal-information byte with its alarm bits; plus the alarm byte of 0x16/0x26.
 */
import type { AlarmType } from '../alarms.ts';
import type { CellTower, TerminalStatus } from '../model.ts';
import { u16, u24, u32 } from '../common/bytes.ts';
import { utcMillis } from '../common/time.ts';

export const GPS_BLOCK_LENGTH = 18;

export interface Gt06Gps {
  /** UTC epoch ms, or -1 when the date/time bytes are not a real time. */
  time: number;
  satellites: number;
  lat: number;
  lon: number;
  speedKmh: number;
  course: number;
  /** Course/status bit 12: GPS positioned. */
  valid: boolean;
  /** Raw course/status word (bit 13 real-time/differential, 10 north, 11 west, 14-15 ACC on some firmware). */
  courseStatus: number;
  /** ACC from course/status bit 15, where bit 14 says the firmware reports it. */
  acc?: boolean;
}

/** The 18-byte GPS block at `at`; the caller checks there are 18 bytes. */
export function readGps(b: Buffer, at: number): Gt06Gps {
  const time = utcMillis(2000 + b[at], b[at + 1], b[at + 2], b[at + 3], b[at + 4], b[at + 5]);
  const flags = u16(b, at + 16);
  const lat = u32(b, at + 7) / 1_800_000;
  const lon = u32(b, at + 11) / 1_800_000;
  return {
    time,
    satellites: b[at + 6] & 0x0f,
    lat: flags & 0x0400 ? lat : -lat,
    lon: flags & 0x0800 ? -lon : lon,
    speedKmh: b[at + 15],
    course: flags & 0x03ff,
    valid: (flags & 0x1000) !== 0,
    courseStatus: flags,
    acc: flags & 0x4000 ? (flags & 0x8000) !== 0 : undefined,
  };
}

/** LBS block: MCC (bit 15 set = 2-byte MNC), MNC, LAC, 3-byte cell id. Null when too short. */
export function readCell(b: Buffer, at: number, end: number): { cell: CellTower; next: number } | null {
  if (at + 8 > end) return null;
  const mccWord = u16(b, at);
  const wideMnc = (mccWord & 0x8000) !== 0;
  if (wideMnc && at + 9 > end) return null;
  const mnc = wideMnc ? u16(b, at + 2) : b[at + 2];
  const p = at + (wideMnc ? 4 : 3);
  return {
    cell: { mcc: mccWord & 0x7fff, mnc, lac: u16(b, p), cellId: u24(b, p + 2) },
    next: p + 5,
  };
}

/** Terminal-information bits 3-5. */
const INFO_ALARMS: readonly (AlarmType | null)[] = [null, 'vibration', 'powerCut', 'lowBattery', 'sos', null, 'geofence', 'tamper'];

/** Terminal information byte (bit 0 armed, 1 ACC, 2 charging, 3-5 alarm, 6 GPS, 7 oil/power cut). */
export function readTerminalInfo(info: number): TerminalStatus {
  const alarm = INFO_ALARMS[(info >> 3) & 0x07];
  return {
    armed: (info & 0x01) !== 0,
    acc: (info & 0x02) !== 0,
    charging: (info & 0x04) !== 0,
    gpsTracking: (info & 0x40) !== 0,
    oilCut: (info & 0x80) !== 0,
    alarms: alarm ? [alarm] : [],
    raw: info,
  };
}

/**
 * The alarm byte of 0x16/0x26/0x27 packets (Concox alarm codes; the e-bike ones as the JM-VL03
 * document lists them: 0x0E/0x0F the bike's pack low, 0x18 cover removed, 0x32 unplugged).
 */
export const GT06_ALARM_CODES: Readonly<Record<number, AlarmType>> = {
  0x01: 'sos',
  0x02: 'powerCut',
  0x03: 'vibration',
  0x04: 'geofenceEnter',
  0x05: 'geofenceExit',
  0x06: 'overspeed',
  0x09: 'displacement',
  0x0e: 'lowVoltage',
  0x0f: 'lowVoltage',
  0x11: 'powerOff',
  0x13: 'tamper',
  0x14: 'door',
  0x18: 'tamper',
  0x19: 'lowBattery',
  0x23: 'fallDown',
  0x29: 'acceleration',
  0x2a: 'cornering',
  0x2b: 'cornering',
  0x2c: 'collision',
  0x30: 'braking',
  0x32: 'powerCut',
};

/** Alarm byte 0xFE: ACC switched on (0xFF: off). Only an alarm while the guard is armed. */
export const GT06_ACC_ON = 0xfe;

/** The alarm an alarm byte raises, given the terminal-information byte beside it. */
export function gt06AlarmOf(code: number, info: number): AlarmType | undefined {
  if (code === GT06_ACC_ON) return info & 0x01 ? 'accOnWhileArmed' : undefined;
  return GT06_ALARM_CODES[code];
}

/** Alarm byte for an alarm type, for terminal-side encoders (first code that maps to it). */
export function gt06AlarmCode(alarm: AlarmType): number {
  if (alarm === 'accOnWhileArmed') return GT06_ACC_ON;
  for (const [code, type] of Object.entries(GT06_ALARM_CODES)) if (type === alarm) return Number(code);
  return 0;
}
