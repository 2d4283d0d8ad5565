/** The position part of V1-style sentences and of V4 confirmations. */
import type { DecodeContext, DeviceMessage, Position } from '../model.ts';
import type { PositionAttributes } from '../positionAttributes.ts';
import { fields, numberOrUndefined, restOf, timeOf } from './sentence.ts';
import { KNOT_KMH, h02Acc, h02Alarms } from './status.ts';

/**
 * The position that starts at field k (HHMMSS), or null when it has no coordinates. Puts the
 * status word's alarms on `m.status` when there is no fix, so an SOS without one is not lost.
 */
export function readFix(k: number, id: string, ctx: DecodeContext, m: DeviceMessage): Position | null {
  let dateField = k + 8;
  const batteryFirst = !fields.isDigits(dateField, 6) && fields.isDigits(k + 9, 6);
  if (batteryFirst) dateField = k + 9;
  let statusField = -1;
  let status = 0xffffffff;
  for (let i = dateField + 1; i < fields.count; i++) {
    const word = fields.hex8(i);
    if (word >= 0) {
      statusField = i;
      status = word;
      break;
    }
  }
  const alarms = h02Alarms(status);
  const acc = h02Acc(status);
  let lat = fields.coordinate(k + 2);
  let lon = fields.coordinate(k + 4);
  if (Number.isNaN(lat) || Number.isNaN(lon)) {
    m.status = { acc, alarms, raw: status };
    return null;
  }
  if (fields.is(k + 3, 'S')) lat = -lat;
  if (fields.is(k + 5, 'W')) lon = -lon;
  const extras = statusField >= 0 ? statusExtras(status, statusField + 1) : {};
  if (batteryFirst) extras.battery = numberOrUndefined(fields.decimal(k + 8));
  let time = timeOf(k, dateField);
  if (time < 0) {
    time = ctx.now ?? 0;
    extras.timeInvalid = true;
  }
  const knots = fields.decimal(k + 6);
  const course = fields.decimal(k + 7);
  const validity = fields.length(k + 1) === 1 ? fields.buf[fields.starts[k + 1]] : 0;
  return {
    terminalId: id,
    time,
    lat,
    lon,
    // 'A' valid; a digit is a coding-scheme field some firmware puts there (also a fix).
    valid: validity === 0x41 || (validity >= 0x30 && validity <= 0x39),
    speedKmh: Number.isNaN(knots) ? 0 : knots * KNOT_KMH,
    course: Number.isNaN(course) ? 0 : course,
    altitude: 0,
    satellites: undefined,
    alarms,
    acc,
    mileageKm: undefined,
    fuel: undefined,
    signal: undefined,
    extras,
  };
}

/**
 * The status word and the fields after it. Most firmware writes MCC, MNC, LAC, cell id (LAC
 * and cell id in decimal or hex); those become numbers, anything else is kept as text in
 * `trailing`. The usual tail is one object literal, so those extras all share one shape.
 */
function statusExtras(status: number, from: number): PositionAttributes {
  const n = fields.count - from;
  if (n <= 0) return { status };
  const mcc = n >= 2 ? smallNumber(from) : -1;
  const mnc = mcc >= 0 ? smallNumber(from + 1) : -1;
  if (mnc < 0) return { status, trailing: restOf(from) };
  if (n >= 4) {
    const lac = numberField(from + 2);
    const cellId = numberField(from + 3);
    if (lac >= 0 && cellId >= 0) {
      if (n === 4) return { status, mcc, mnc, lac, cellId };
      return { status, mcc, mnc, lac, cellId, trailing: restOf(from + 4) };
    }
  }
  return n > 2 ? { status, mcc, mnc, trailing: restOf(from + 2) } : { status, mcc, mnc };
}

/** A 1-3 digit field's value, else -1. */
function smallNumber(i: number): number {
  const len = fields.length(i);
  return len >= 1 && len <= 3 ? fields.digitsValue(i) : -1;
}

/** A 1-12 character decimal field, or a hex one when it has hex letters; -1 when neither. */
function numberField(i: number): number {
  const len = fields.length(i);
  if (len < 1 || len > 12) return -1;
  const v = fields.digitsValue(i);
  if (v >= 0) return v;
  return fields.isHex(i) ? fields.hex(i) : -1;
}
