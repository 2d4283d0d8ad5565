/**
 * Reading comma-separated content field by field, in place: numbers are parsed from the bytes,
 * so a position report makes no strings but those it keeps (Wi-Fi names and MACs).
 */
import { hexDigit, parseDecimal } from '../h02/fields.ts';

const COMMA = 0x2c;

export class Cursor {
  buf: Buffer = Buffer.alloc(0);
  /** The current field: [s, e). */
  s = 0;
  e = 0;
  private pos = 0;
  private end = 0;
  /** False once the content has no more fields. */
  more = false;

  reset(buf: Buffer, start: number, end: number): void {
    this.buf = buf;
    this.pos = start;
    this.end = end;
    this.more = start <= end;
    this.s = this.e = start;
  }

  /** Moves to the next field; false (and an empty field) when there is none. */
  next(): boolean {
    if (!this.more) {
      this.s = this.e = this.end;
      return false;
    }
    const b = this.buf;
    let i = this.pos;
    while (i < this.end && b[i] !== COMMA) i++;
    this.s = this.pos;
    this.e = i;
    this.pos = i + 1;
    this.more = i < this.end;
    return true;
  }

  /** Where the cursor is, to come back to with `restore`. */
  mark(): number {
    return this.more ? this.pos : -1;
  }

  restore(mark: number): void {
    if (mark < 0) {
      this.more = false;
      return;
    }
    this.pos = mark;
    this.more = true;
  }

  get empty(): boolean {
    return this.e <= this.s;
  }

  /**
   * The next field as a decimal number (NaN when empty or not a number). One pass: digits are
   * read while looking for the comma — the decoder's hot path reads ~20 numbers a report.
   */
  num(): number {
    if (!this.more) {
      this.s = this.e = this.end;
      return NaN;
    }
    const b = this.buf;
    const end = this.end;
    const start = this.pos;
    let i = start;
    let c = i < end ? b[i] : COMMA;
    let negative = false;
    if (c === 0x2d) {
      negative = true;
      c = ++i < end ? b[i] : COMMA;
    }
    let v = 0;
    let digits = 0;
    while (c >= 0x30 && c <= 0x39) {
      v = v * 10 + (c - 0x30);
      digits++;
      c = ++i < end ? b[i] : COMMA;
    }
    if (c === 0x2e) {
      let scale = 1;
      c = ++i < end ? b[i] : COMMA;
      while (c >= 0x30 && c <= 0x39) {
        v = v * 10 + (c - 0x30);
        scale *= 10;
        digits++;
        c = ++i < end ? b[i] : COMMA;
      }
      v /= scale;
    }
    if (c === COMMA && digits > 0) {
      // The usual case: a plain number ending at the comma (or the end).
      this.s = start;
      this.e = i;
      this.pos = i + 1;
      this.more = i < end;
      return negative ? -v : v;
    }
    // Spaces, a '+', or no number at all: the general reader.
    this.next();
    return parseDecimal(b, this.s, this.e);
  }

  /** The next field as a whole number, or `fallback`. */
  int(fallback: number): number {
    const v = this.num();
    return Number.isFinite(v) ? Math.trunc(v) : fallback;
  }

  /** The next field's hex value (up to 8 digits), or -1. */
  hex(): number {
    this.next();
    const len = this.e - this.s;
    if (len < 1 || len > 8) return -1;
    let v = 0;
    for (let k = this.s; k < this.e; k++) {
      const d = hexDigit(this.buf[k]);
      if (d < 0) return -1;
      v = v * 16 + d;
    }
    return v;
  }

  /** The next field as text (UTF-8; plain ASCII, nearly every MAC and most names, read faster as latin1). */
  text(): string {
    this.next();
    const b = this.buf;
    for (let k = this.s; k < this.e; k++) if (b[k] >= 0x80) return b.toString('utf8', this.s, this.e);
    return b.toString('latin1', this.s, this.e);
  }

  /** The current field's first byte, or -1 when empty. */
  firstByte(): number {
    return this.e > this.s ? this.buf[this.s] : -1;
  }

  /** The next field is exactly six digits (DDMMYY / HHMMSS): its value, else -1. */
  six(): number {
    this.next();
    if (this.e - this.s !== 6) return -1;
    let v = 0;
    for (let k = this.s; k < this.e; k++) {
      const c = this.buf[k] - 0x30;
      if (c < 0 || c > 9) return -1;
      v = v * 10 + c;
    }
    return v;
  }

  /** Everything from the current position on, as text fields. */
  rest(): string[] {
    const out: string[] = [];
    while (this.next()) out.push(this.buf.toString('utf8', this.s, this.e));
    return out;
  }
}
