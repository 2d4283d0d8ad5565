/**
 * The watch protocol's frame: `[MF*ID*LEN*CONTENT]`, or `[MF*ID*INDEX*LEN*CONTENT]` on firmware
 * that numbers its messages. MF is the maker's code (3G, SG, CS, ZJ…), ID the terminal (10 or 15
 * digits), LEN four hex digits, the content's length. Inside a frame `}` escapes the bytes that
 * would break it: `}` 0x01 → `}`, 0x02 → `[`, 0x03 → `]`, 0x04 → `,`, 0x05 → `*`
 * (Traccar WatchFrameDecoder / WatchProtocolEncoder; 4P-Touch server protocol).
 */
import { hexDigit } from '../h02/fields.ts';

export const OPEN = 0x5b; // '['
export const CLOSE = 0x5d; // ']'
export const STAR = 0x2a; // '*'
export const BRACE = 0x7d; // '}'

export interface WatchHeader {
  maker: string;
  terminalId: string;
  /** The message index (ZJ firmware), as written; null when the frame has none. */
  index: string | null;
  declaredLength: number;
  /** The content's length as written (escapes counted as two bytes). */
  rawLength: number;
  /** The content, unescaped: [contentStart, contentEnd) of `buf`. */
  buf: Buffer;
  contentStart: number;
  contentEnd: number;
}

/** Byte values `}` n stands for. */
const UNESCAPED = [-1, BRACE, OPEN, CLOSE, 0x2c, STAR];

/**
 * Reads the header of one frame (`[` … `]`, as the framer gives it). Returns null when it is no
 * watch frame. `escapeError` is set when a `}` is followed by a byte it cannot escape.
 */
export function readWatchHeader(frame: Buffer): { header: WatchHeader | null; reason: string } {
  const n = frame.length;
  if (n < 2 || frame[0] !== OPEN) return { header: null, reason: "a watch frame starts with '['" };
  let end = n;
  if (frame[n - 1] === CLOSE) end = n - 1;
  const makerEnd = indexOfStar(frame, 1, Math.min(end, 9));
  if (makerEnd < 2) return { header: null, reason: 'no maker code before the first *' };
  const idEnd = indexOfStar(frame, makerEnd + 1, Math.min(end, makerEnd + 32));
  if (idEnd <= makerEnd + 1) return { header: null, reason: 'no terminal id' };
  let p = idEnd + 1;
  let index: string | null = null;
  // The index variant: two 4-hex-digit fields in a row (Traccar's test for it).
  if (isHex4Star(frame, p, end) && isHex4Star(frame, p + 5, end)) {
    index = frame.toString('latin1', p, p + 4);
    p += 5;
  }
  if (!isHex4Star(frame, p, end)) return { header: null, reason: 'no 4-hex-digit length field' };
  const declaredLength = hex4(frame, p);
  const contentStart = p + 5;
  const maker = makerEnd === 3 ? makerOf(frame[1], frame[2]) : frame.toString('latin1', 1, makerEnd);
  const terminalId = idOf(frame, makerEnd + 1, idEnd);
  const rawLength = end - contentStart;
  const brace = frame.indexOf(BRACE, contentStart);
  if (brace === -1 || brace >= end) {
    return { header: { maker, terminalId, index, declaredLength, rawLength, buf: frame, contentStart, contentEnd: end }, reason: '' };
  }
  const content = unescape(frame, contentStart, end);
  if (!content) return { header: null, reason: "a '}' escape that stands for nothing" };
  return {
    header: { maker, terminalId, index, declaredLength, rawLength, buf: content, contentStart: 0, contentEnd: content.length },
    reason: '',
  };
}

/** Two-letter maker codes (nearly all of them) as shared strings. */
const makers = new Map<number, string>();

function makerOf(a: number, b: number): string {
  const key = (a << 8) | b;
  let m = makers.get(key);
  if (m === undefined) {
    m = String.fromCharCode(a, b);
    if (makers.size < 4096) makers.set(key, m);
  }
  return m;
}

function indexOfStar(b: Buffer, from: number, to: number): number {
  for (let i = from; i < to; i++) if (b[i] === STAR) return i;
  return -1;
}

function isHex4Star(b: Buffer, at: number, end: number): boolean {
  return (
    at + 4 < end &&
    b[at + 4] === STAR &&
    hexDigit(b[at]) >= 0 &&
    hexDigit(b[at + 1]) >= 0 &&
    hexDigit(b[at + 2]) >= 0 &&
    hexDigit(b[at + 3]) >= 0
  );
}

function hex4(b: Buffer, at: number): number {
  return (hexDigit(b[at]) << 12) | (hexDigit(b[at + 1]) << 8) | (hexDigit(b[at + 2]) << 4) | hexDigit(b[at + 3]);
}

/*
 * Terminal ids by value: every frame carries one and a terminal always sends the same. Digit-only
 * ids up to 15 digits are exact as numbers; the length tells ids with leading zeros apart.
 */
const idCache = new Map<number, string>();

function idOf(b: Buffer, start: number, end: number): string {
  const len = end - start;
  if (len > 15) return b.toString('latin1', start, end);
  let v = 0;
  for (let i = start; i < end; i++) {
    const c = b[i] - 0x30;
    if (c < 0 || c > 9) return b.toString('latin1', start, end);
    v = v * 10 + c;
  }
  const key = v * 16 + len;
  let id = idCache.get(key);
  if (id === undefined) {
    id = b.toString('latin1', start, end);
    if (idCache.size >= 65_536) idCache.clear();
    idCache.set(key, id);
  }
  return id;
}

function unescape(b: Buffer, start: number, end: number): Buffer | null {
  const out = Buffer.allocUnsafe(end - start);
  let o = 0;
  for (let i = start; i < end; i++) {
    const c = b[i];
    if (c !== BRACE) {
      out[o++] = c;
      continue;
    }
    const code = i + 1 < end ? b[i + 1] : 0;
    if (code < 1 || code > 5) return null;
    out[o++] = UNESCAPED[code];
    i++;
  }
  return out.subarray(0, o);
}

/** Content bytes with the frame-breaking ones escaped (`}` `[` `]` `,` `*` when `all`, else `}` `[` `]`). */
export function escapeWatch(content: Buffer, all: boolean): Buffer {
  let extra = 0;
  for (const c of content) if (needsEscape(c, all)) extra++;
  if (extra === 0) return content;
  const out = Buffer.allocUnsafe(content.length + extra);
  let o = 0;
  for (const c of content) {
    if (needsEscape(c, all)) {
      out[o++] = BRACE;
      out[o++] = UNESCAPED.indexOf(c);
    } else out[o++] = c;
  }
  return out;
}

function needsEscape(c: number, all: boolean): boolean {
  return c === BRACE || c === OPEN || c === CLOSE || (all && (c === 0x2c || c === STAR));
}

/**
 * One frame: `[MF*ID*LEN*content]` (with `*INDEX` before LEN when given). Content is written as
 * is except `}` `[` `]`, escaped; LEN is the length as written (Traccar's encoder counts the
 * escaped bytes), four upper-case hex digits.
 */
export function encodeWatchFrame(maker: string, terminalId: string, content: string | Buffer, index?: string | null): Buffer {
  const body = escapeWatch(typeof content === 'string' ? Buffer.from(content, 'utf8') : content, false);
  const len = Math.min(body.length, 0xffff).toString(16).toUpperCase().padStart(4, '0');
  const head = index ? `[${maker}*${terminalId}*${index}*${len}*` : `[${maker}*${terminalId}*${len}*`;
  return Buffer.concat([Buffer.from(head, 'latin1'), body, Buffer.from([CLOSE])]);
}
