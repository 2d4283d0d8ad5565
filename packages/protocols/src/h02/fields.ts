/**
 * Reading the comma-separated `*HQ,…#` sentence in place: field boundaries go into reused
 * arrays and numbers are parsed from the bytes, so a location needs one string (the id).
 */
export const MAX_FIELDS = 64;
const EMPTY = Buffer.alloc(0);

export class Fields {
  readonly starts = new Int32Array(MAX_FIELDS);
  readonly ends = new Int32Array(MAX_FIELDS);
  count = 0;
  buf: Buffer = EMPTY;

  /** Split b[start, end) on commas (at most MAX_FIELDS fields; the last takes the rest). */
  split(b: Buffer, start: number, end: number): number {
    this.buf = b;
    const starts = this.starts;
    const ends = this.ends;
    let n = 0;
    let s = start;
    for (let i = start; i < end; i++) {
      if (b[i] !== 0x2c) continue;
      starts[n] = s;
      ends[n] = i;
      s = i + 1;
      if (++n === MAX_FIELDS - 1) break;
    }
    starts[n] = s;
    ends[n] = end;
    this.count = n + 1;
    return this.count;
  }

  /** Drop the reference to the last sentence (it may be a view into a large socket chunk). */
  release(): void {
    this.buf = EMPTY;
    this.count = 0;
  }

  text(i: number): string {
    return i < this.count ? this.buf.toString('latin1', this.starts[i], this.ends[i]).trim() : '';
  }

  length(i: number): number {
    return i < this.count ? this.ends[i] - this.starts[i] : -1;
  }

  /** Field i equals an ASCII string. */
  is(i: number, value: string): boolean {
    if (i >= this.count || this.ends[i] - this.starts[i] !== value.length) return false;
    const s = this.starts[i];
    for (let k = 0; k < value.length; k++) if (this.buf[s + k] !== value.charCodeAt(k)) return false;
    return true;
  }

  /** Field i is exactly n decimal digits. */
  isDigits(i: number, n: number): boolean {
    if (i >= this.count || this.ends[i] - this.starts[i] !== n) return false;
    for (let k = this.starts[i]; k < this.ends[i]; k++) {
      const c = this.buf[k];
      if (c < 0x30 || c > 0x39) return false;
    }
    return true;
  }

  /** Value of field i when it is 1-15 decimal digits, else -1 (one pass). */
  digitsValue(i: number): number {
    if (i >= this.count) return -1;
    const s = this.starts[i];
    const e = this.ends[i];
    if (e <= s || e - s > 15) return -1;
    let v = 0;
    for (let k = s; k < e; k++) {
      const c = this.buf[k] - 0x30;
      if (c < 0 || c > 9) return -1;
      v = v * 10 + c;
    }
    return v;
  }

  /** Value of field i when it is exactly 8 hex digits (an H02 status word), else -1. */
  hex8(i: number): number {
    if (i >= this.count || this.ends[i] - this.starts[i] !== 8) return -1;
    let v = 0;
    for (let k = this.starts[i]; k < this.ends[i]; k++) {
      const d = HEX[this.buf[k]];
      if (d < 0) return -1;
      v = v * 16 + d;
    }
    return v;
  }

  /** Field i is 1+ hex digits. */
  isHex(i: number): boolean {
    if (i >= this.count || this.ends[i] <= this.starts[i]) return false;
    for (let k = this.starts[i]; k < this.ends[i]; k++) if (hexDigit(this.buf[k]) < 0) return false;
    return true;
  }

  hex(i: number): number {
    let v = 0;
    for (let k = this.starts[i]; k < this.ends[i]; k++) v = v * 16 + hexDigit(this.buf[k]);
    return v;
  }

  /** Two-digit groups of a 6-digit field (HHMMSS or DDMMYY). */
  pair(i: number, which: 0 | 1 | 2): number {
    const at = this.starts[i] + which * 2;
    return (this.buf[at] - 0x30) * 10 + (this.buf[at + 1] - 0x30);
  }

  /** Decimal number of field i (spaces ignored); NaN when empty or not a number. */
  decimal(i: number): number {
    return i < this.count ? parseDecimal(this.buf, this.starts[i], this.ends[i]) : NaN;
  }

  /**
   * Degrees of an NMEA-style DDMM.MMMM (degrees are whatever precedes the minutes' two digits,
   * so "38.6508" is 0°38.6508'), of the "-DD-MM.MMMM" some firmware writes, or of DDMMmmmm
   * without the point (seven digits or more; Traccar's third form). NaN if invalid.
   */
  coordinate(i: number): number {
    if (i >= this.count) return NaN;
    const b = this.buf;
    const s = this.starts[i];
    const e = this.ends[i];
    if (s < e && b[s] === 0x2d) {
      const dash = b.indexOf(0x2d, s + 1);
      if (dash === -1 || dash >= e) return NaN;
      return parseDecimal(b, s + 1, dash) + parseDecimal(b, dash + 1, e) / 60;
    }
    // One pass: whole part (DDDMM) and fraction of minutes, digits only.
    let whole = 0;
    let k = s;
    while (k < e && b[k] === 0x20) k++;
    const first = k;
    for (; k < e; k++) {
      const c = b[k];
      if (c === 0x2e) break;
      if (c < 0x30 || c > 0x39) return NaN;
      whole = whole * 10 + (c - 0x30);
    }
    if (k === first) return NaN;
    if (k === e && k - first >= 7) {
      // No decimal point: DDMMmmmm / DDDMMmmmm, the minutes' fraction in the last four digits.
      const degrees = Math.floor(whole / 1_000_000);
      return degrees + (whole - degrees * 1_000_000) / 10_000 / 60;
    }
    let fraction = 0;
    let scale = 1;
    for (k++; k < e; k++) {
      const c = b[k];
      if (c === 0x20) break;
      if (c < 0x30 || c > 0x39) return NaN;
      fraction = fraction * 10 + (c - 0x30);
      scale *= 10;
    }
    const degrees = Math.floor(whole / 100);
    return degrees + (whole - degrees * 100 + fraction / scale) / 60;
  }
}

/** Value of each byte as a hex digit, -1 for the others. */
const HEX = new Int8Array(256).fill(-1);
for (let c = 0; c < 10; c++) HEX[0x30 + c] = c;
for (let c = 0; c < 6; c++) HEX[0x41 + c] = HEX[0x61 + c] = 10 + c;

export function hexDigit(c: number): number {
  return HEX[c & 0xff];
}

/** [+-]digits[.digits] with surrounding spaces; NaN otherwise (and when empty). */
export function parseDecimal(b: Uint8Array, start: number, end: number): number {
  let s = start;
  let e = end;
  while (s < e && b[s] === 0x20) s++;
  while (e > s && b[e - 1] === 0x20) e--;
  if (s === e) return NaN;
  let negative = false;
  if (b[s] === 0x2d || b[s] === 0x2b) {
    negative = b[s] === 0x2d;
    s++;
  }
  let v = 0;
  let scale = 0;
  let digits = 0;
  for (let k = s; k < e; k++) {
    const c = b[k];
    if (c === 0x2e && scale === 0) {
      scale = 1;
      continue;
    }
    if (c < 0x30 || c > 0x39) return NaN;
    v = v * 10 + (c - 0x30);
    if (scale) scale *= 10;
    digits++;
  }
  if (digits === 0) return NaN;
  const value = scale ? v / scale : v;
  return negative ? -value : value;
}
