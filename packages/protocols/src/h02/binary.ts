/**
 * The binary H02 form, starting with '$' (0x24): terminal id (5 BCD bytes, or 8 in the
 * 42-byte variant), HHMMSS, DDMMYY, latitude DDMM.MMMM, battery byte, longitude DDDMM.MMMM
 * sharing its last byte with a flags nibble (bit 1 valid, 2 north, 3 east), speed (3 BCD
 * digits, knots) and course (3 digits) in 3 bytes, then the status word. Times are UTC.
 */
import type { DecodeContext, DeviceMessage, Result } from '../model.ts';
import type { PositionAttributes } from '../positionAttributes.ts';
import { u32 } from '../common/bytes.ts';
import { fail, ok } from '../common/result.ts';
import { utcMillis } from '../common/time.ts';
import { KNOT_KMH, h02Acc, h02Alarms } from './status.ts';

export const H02_BINARY_LONG_ID_LENGTH = 42;

function nibble(b: Buffer, index: number): number {
  const byte = b[index >> 1];
  return index & 1 ? byte & 0x0f : byte >> 4;
}

/** Decimal value of `count` BCD nibbles from nibble index `from`; -1 if one is not a digit. */
function digits(b: Buffer, from: number, count: number): number {
  let v = 0;
  for (let i = from; i < from + count; i++) {
    const d = nibble(b, i);
    if (d > 9) return -1;
    v = v * 10 + d;
  }
  return v;
}

export function decodeH02Binary(frame: Buffer, ctx: DecodeContext): Result<DeviceMessage> {
  const longId = frame.length === H02_BINARY_LONG_ID_LENGTH;
  const idBytes = longId ? 8 : 5;
  const at = 1 + idBytes; // time starts here
  if (frame.length < at + 23) return fail('tooShort', `${frame.length} bytes cannot hold an H02 binary fix`);
  const hex = frame.toString('hex', 1, 1 + idBytes);
  const id = longId ? hex.slice(0, 15) : hex;
  const n = at * 2; // nibble index of the time
  const hour = digits(frame, n, 2);
  const minute = digits(frame, n + 2, 2);
  const second = digits(frame, n + 4, 2);
  const day = digits(frame, n + 6, 2);
  const month = digits(frame, n + 8, 2);
  const year = digits(frame, n + 10, 2);
  const latDeg = digits(frame, n + 12, 2);
  const latMin = digits(frame, n + 14, 6);
  const battery = frame[at + 10];
  const lonDeg = digits(frame, n + 22, 3);
  const lonMin = digits(frame, n + 25, 6);
  const flags = nibble(frame, n + 31);
  const speed = digits(frame, n + 32, 3);
  const course = digits(frame, n + 35, 3);
  if ((latDeg | latMin | lonDeg | lonMin | speed | course) < 0) {
    return fail('badField', 'H02 binary coordinates, speed or course are not BCD');
  }
  const status = u32(frame, at + 19);
  const extras: PositionAttributes = { status, battery };
  let time = (hour | minute | second | day | month | year) < 0 ? -1 : utcMillis(2000 + year, month, day, hour, minute, second);
  if (time < 0) {
    time = ctx.now ?? 0;
    extras.timeInvalid = true;
  }
  const lat = latDeg + latMin / 10_000 / 60;
  const lon = lonDeg + lonMin / 10_000 / 60;
  const alarms = h02Alarms(status);
  const acc = h02Acc(status);
  return ok({
    kind: 'location',
    protocol: 'h02',
    terminalId: id,
    messageType: '$',
    positions: [
      {
        terminalId: id,
        time,
        lat: flags & 0x04 ? lat : -lat,
        lon: flags & 0x08 ? lon : -lon,
        valid: (flags & 0x02) !== 0,
        speedKmh: speed * KNOT_KMH,
        course,
        altitude: 0,
        satellites: undefined,
        alarms,
        acc,
        mileageKm: undefined,
        fuel: undefined,
        signal: undefined,
        extras,
      },
    ],
  });
}

/**
 * Whether buf[start, start + length) reads as a binary fix of that length: real digits and
 * in-range time, date and coordinates. The framer uses it to learn a device's frame length.
 */
export function looksLikeH02Binary(buf: Buffer, start: number, length: number): boolean {
  if (buf.length - start < length || length < 32) return false;
  const frame = buf.subarray(start, start + length);
  const n = (1 + (length === H02_BINARY_LONG_ID_LENGTH ? 8 : 5)) * 2;
  const hour = digits(frame, n, 2);
  const minute = digits(frame, n + 2, 2);
  const second = digits(frame, n + 4, 2);
  const day = digits(frame, n + 6, 2);
  const month = digits(frame, n + 8, 2);
  const latDeg = digits(frame, n + 12, 2);
  const latMin = digits(frame, n + 14, 6);
  const lonDeg = digits(frame, n + 22, 3);
  const lonMin = digits(frame, n + 25, 6);
  return (
    hour >= 0 &&
    hour < 24 &&
    minute >= 0 &&
    minute < 60 &&
    second >= 0 &&
    second < 60 &&
    day >= 1 &&
    day <= 31 &&
    month >= 1 &&
    month <= 12 &&
    latDeg >= 0 &&
    latDeg <= 90 &&
    latMin >= 0 &&
    latMin < 600_000 &&
    lonDeg >= 0 &&
    lonDeg <= 180 &&
    lonMin >= 0 &&
    lonMin < 600_000
  );
}
