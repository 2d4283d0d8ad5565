/**
 * Big-endian reads by hand. On Node 20 these inline to a few instructions, while the Buffer
 * read methods cost ~15 ns each (argument validation) — too much on the decoders' hot path.
 * Callers check bounds first.
 */
export function u16(b: Uint8Array, i: number): number {
  return (b[i] << 8) | b[i + 1];
}

export function i16(b: Uint8Array, i: number): number {
  return ((b[i] << 24) | (b[i + 1] << 16)) >> 16;
}

export function u24(b: Uint8Array, i: number): number {
  return (b[i] << 16) | (b[i + 1] << 8) | b[i + 2];
}

export function u32(b: Uint8Array, i: number): number {
  return ((b[i] << 24) | (b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3]) >>> 0;
}

/** Six bytes as an exact integer (below 2^53). */
export function u48(b: Uint8Array, i: number): number {
  return u16(b, i) * 0x1_0000_0000 + u32(b, i + 2);
}
