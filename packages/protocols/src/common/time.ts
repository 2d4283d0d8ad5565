/**
 * Calendar arithmetic without Date objects: the decoders' hot path converts wire times to epoch
 * ms millions of times a second.
 */

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 for a proleptic Gregorian date (Howard Hinnant's days_from_civil). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = month > 2 ? month - 3 : month + 9;
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/*
 * The last date converted and its midnight: a terminal reports the same date all day, so the
 * calendar arithmetic runs once per date rather than once per frame.
 */
let lastYear = NaN;
let lastMonth = NaN;
let lastDay = NaN;
let lastMidnight = -1;

/** Epoch ms for a UTC wall time, or -1 when any field is out of range. */
export function utcMillis(year: number, month: number, day: number, hour: number, minute: number, second: number): number {
  if (hour > 23 || minute > 59 || second > 59 || hour < 0 || minute < 0 || second < 0) return -1;
  if (year !== lastYear || month !== lastMonth || day !== lastDay) {
    lastMidnight = midnight(year, month, day);
    lastYear = year;
    lastMonth = month;
    lastDay = day;
  }
  return lastMidnight < 0 ? -1 : lastMidnight + ((hour * 60 + minute) * 60 + second) * 1000;
}

function midnight(year: number, month: number, day: number): number {
  if (month < 1 || month > 12 || day < 1 || day > DAYS_IN_MONTH[month - 1]) return -1;
  if (month === 2 && day === 29 && !(year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0))) {
    return -1;
  }
  return daysFromCivil(year, month, day) * DAY_MS;
}

/** Value of one packed BCD byte (0x42 → 42), or -1 when a nibble is not a decimal digit. */
export function bcdByte(b: number): number {
  const hi = b >> 4;
  const lo = b & 0x0f;
  return hi > 9 || lo > 9 ? -1 : hi * 10 + lo;
}

export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** UTC wall-clock fields of an epoch ms value shifted by `offsetHours`. */
export function wallTime(epochMs: number, offsetHours = 0): WallTime {
  const d = new Date(epochMs + offsetHours * 3_600_000);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
  };
}

export function pad2(n: number): string {
  return n < 10 ? '0' + n : String(n);
}
