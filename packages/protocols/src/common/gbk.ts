/**
 * GBK for JT/T 808 strings (plates, text messages). Decoding uses the runtime's TextDecoder
 * (official Node builds carry full ICU). The encoder is the decoder run backwards: the first
 * time it is needed, every two-byte GBK code is decoded once to build a char → code table
 * (~24 000 entries, a few ms). Where the runtime has no GBK, both fall back to UTF-8 and
 * `gbkAvailable` says so.
 */

function makeDecoder(): TextDecoder | null {
  try {
    return new TextDecoder('gbk');
  } catch {
    return null;
  }
}

const decoder = makeDecoder();
const utf8 = new TextDecoder('utf-8');

export const gbkAvailable = decoder !== null;

function isAscii(buf: Uint8Array, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (buf[i] >= 0x80) return false;
  return true;
}

export function decodeGbk(buf: Buffer, start = 0, end = buf.length): string {
  if (isAscii(buf, start, end)) return buf.toString('latin1', start, end);
  return (decoder ?? utf8).decode(buf.subarray(start, end));
}

let encodeTable: Map<number, number> | null = null;

function buildEncodeTable(dec: TextDecoder): Map<number, number> {
  const table = new Map<number, number>();
  const pair = new Uint8Array(2);
  for (let lead = 0x81; lead <= 0xfe; lead++) {
    for (let trail = 0x40; trail <= 0xfe; trail++) {
      if (trail === 0x7f) continue;
      pair[0] = lead;
      pair[1] = trail;
      const s = dec.decode(pair);
      if (s.length !== 1) continue;
      const cp = s.charCodeAt(0);
      if (cp === 0xfffd || table.has(cp)) continue;
      table.set(cp, (lead << 8) | trail);
    }
  }
  return table;
}

/** GBK bytes of `text`; characters GBK cannot hold become '?'. */
export function encodeGbk(text: string): Buffer {
  // eslint-disable-next-line no-control-regex -- ASCII, control characters included, is GBK as is
  if (/^[\x00-\x7f]*$/.test(text)) return Buffer.from(text, 'latin1');
  if (!decoder) return Buffer.from(text, 'utf8');
  encodeTable ??= buildEncodeTable(decoder);
  const out = Buffer.allocUnsafe(text.length * 2);
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const cp = text.charCodeAt(i);
    if (cp < 0x80) {
      out[n++] = cp;
      continue;
    }
    const code = encodeTable.get(cp);
    if (code === undefined) {
      out[n++] = 0x3f;
      if (cp >= 0xd800 && cp <= 0xdbff) i++; // skip the low surrogate of a pair GBK cannot hold
    } else {
      out[n++] = code >> 8;
      out[n++] = code & 0xff;
    }
  }
  return out.subarray(0, n);
}
