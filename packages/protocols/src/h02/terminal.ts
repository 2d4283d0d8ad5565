/**
 * Terminal-side H02 encoders: the sentences an H02 tracker sends. Used by the simulator to act
 * as one, and by the tests to round-trip the decoder.
 */
import type { AlarmType } from '../alarms.ts';
import { pad2, wallTime } from '../common/time.ts';
import { KNOT_KMH, h02StatusWord } from './status.ts';

export interface H02LocationInput {
  /** UTC epoch ms. */
  time: number;
  lat: number;
  lon: number;
  valid: boolean;
  speedKmh: number;
  course: number;
  acc?: boolean;
  alarms?: readonly AlarmType[];
  cell?: { mcc: number; mnc: number; lac: number; cellId: number };
}

function hhmmss(time: number): string {
  const t = wallTime(time);
  return `${pad2(t.hour)}${pad2(t.minute)}${pad2(t.second)}`;
}

function ddmmyy(time: number): string {
  const t = wallTime(time);
  return `${pad2(t.day)}${pad2(t.month)}${pad2(t.year % 100)}`;
}

/** DDMM.MMMM (lat) or DDDMM.MMMM (lon) of |value|. */
function nmea(value: number, degreeDigits: 2 | 3): string {
  const abs = Math.abs(value);
  let degrees = Math.floor(abs);
  let minutes = Math.round((abs - degrees) * 60 * 10_000) / 10_000;
  if (minutes >= 60) {
    degrees += 1;
    minutes -= 60;
  }
  return String(degrees).padStart(degreeDigits, '0') + minutes.toFixed(4).padStart(7, '0');
}

function statusHex(x: H02LocationInput): string {
  return h02StatusWord(x.alarms ?? [], x.acc ?? false)
    .toString(16)
    .toUpperCase()
    .padStart(8, '0');
}

function fix(x: H02LocationInput): string[] {
  return [
    hhmmss(x.time),
    x.valid ? 'A' : 'V',
    nmea(x.lat, 2),
    x.lat < 0 ? 'S' : 'N',
    nmea(x.lon, 3),
    x.lon < 0 ? 'W' : 'E',
    (x.speedKmh / KNOT_KMH).toFixed(2),
    String(Math.round(x.course)),
    ddmmyy(x.time),
    statusHex(x),
  ];
}

/** V1 location sentence. */
export function encodeH02Location(imei: string, x: H02LocationInput): Buffer {
  const cell = x.cell ? [x.cell.mcc, x.cell.mnc, x.cell.lac, x.cell.cellId].map(String) : [];
  return Buffer.from(['*HQ', imei, 'V1', ...fix(x), ...cell].join(',') + '#', 'latin1');
}

/** HTBT heartbeat with a battery percentage. */
export function encodeH02Heartbeat(imei: string, battery = 100): Buffer {
  return Buffer.from(`*HQ,${imei},HTBT,${battery}#`, 'latin1');
}

/** LINK keep-alive: RSSI, satellites, battery %, steps, turnovers. */
export function encodeH02Link(
  imei: string,
  time: number,
  s: { rssi: number; satellites: number; battery: number; acc?: boolean; alarms?: readonly AlarmType[] },
): Buffer {
  const status = h02StatusWord(s.alarms ?? [], s.acc ?? false)
    .toString(16)
    .toUpperCase()
    .padStart(8, '0');
  const fields = ['*HQ', imei, 'LINK', hhmmss(time), s.rssi, s.satellites, s.battery, 0, 0, ddmmyy(time), status];
  return Buffer.from(fields.join(',') + '#', 'latin1');
}

/** V4 confirmation of a command (`command` its name, `stamp` the HHMMSS it carried), then a fix. */
export function encodeH02CommandReply(imei: string, command: string, stamp: string, x: H02LocationInput, result?: string): Buffer {
  const head = ['*HQ', imei, 'V4', command, ...(result ? [result] : []), stamp];
  return Buffer.from([...head, ...fix(x)].join(',') + '#', 'latin1');
}

/** The binary '$' form (45 bytes) of a fix; `imei` is 10 digits. */
export function encodeH02Binary(imei: string, x: H02LocationInput, battery = 6): Buffer {
  const t = wallTime(x.time);
  const abs = (v: number) => Math.abs(v);
  const latMin = Math.round((abs(x.lat) - Math.floor(abs(x.lat))) * 60 * 10_000);
  const lonMin = Math.round((abs(x.lon) - Math.floor(abs(x.lon))) * 60 * 10_000);
  const flags = (x.valid ? 0x02 : 0) | (x.lat >= 0 ? 0x04 : 0) | (x.lon >= 0 ? 0x08 : 0);
  const knots = Math.min(999, Math.round(x.speedKmh / KNOT_KMH));
  const course = Math.min(999, Math.round(x.course));
  const digits =
    imei.padStart(10, '0').slice(-10) +
    [t.hour, t.minute, t.second, t.day, t.month, t.year % 100].map(pad2).join('') +
    pad2(Math.floor(abs(x.lat))) +
    String(Math.min(latMin, 599_999)).padStart(6, '0') +
    battery.toString(16).padStart(2, '0') +
    String(Math.floor(abs(x.lon))).padStart(3, '0') +
    String(Math.min(lonMin, 599_999)).padStart(6, '0') +
    flags.toString(16) +
    String(knots).padStart(3, '0') +
    String(course).padStart(3, '0') +
    statusHex(x) +
    '00'.repeat(16);
  return Buffer.concat([Buffer.from([0x24]), Buffer.from(digits, 'hex')]);
}
