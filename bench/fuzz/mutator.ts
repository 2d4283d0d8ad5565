/**
 * Fast byte mutations for the fuzz campaign (fast-check is too slow for tens of millions of
 * inputs): a seeded xorshift generator, AFL-style mutations of real frames, random bytes inside
 * and outside a protocol's markers, and resealing so a mutation gets past the integrity check
 * and reaches the body decoders.
 */
import { reseal } from '../../packages/protocols/src/reseal.ts';

export class Rng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0 || 0x9e3779b9;
  }
  next(): number {
    let x = this.s;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.s = x >>> 0;
    return this.s;
  }
  /** 0 ≤ n < max */
  below(max: number): number {
    return max <= 0 ? 0 : this.next() % max;
  }
  bytes(n: number): Buffer {
    const b = Buffer.allocUnsafe(n);
    for (let i = 0; i < n; i++) b[i] = this.next() & 0xff;
    return b;
  }
}

const INTERESTING = [0x00, 0x01, 0x7d, 0x7e, 0x7f, 0x80, 0xfe, 0xff, 0x0d, 0x0a, 0x23, 0x2a, 0x2c, 0x78, 0x79];

/** One to four mutations of a frame: set, bit flip, interesting byte, cut, insert, drop, repeat, splice. */
export function mutate(rng: Rng, frame: Buffer, other: Buffer): Buffer {
  let b = Buffer.from(frame);
  const ops = 1 + rng.below(4);
  for (let k = 0; k < ops; k++) {
    const at = rng.below(b.length + 1);
    switch (rng.below(9)) {
      case 0:
        if (at < b.length) b[at] = rng.next() & 0xff;
        break;
      case 1:
        if (at < b.length) b[at] ^= 1 << rng.below(8);
        break;
      case 2:
        if (at < b.length) b[at] = INTERESTING[rng.below(INTERESTING.length)];
        break;
      case 3:
        b = b.subarray(0, at);
        break;
      case 4:
        b = Buffer.concat([b.subarray(0, at), rng.bytes(1 + rng.below(16)), b.subarray(at)]);
        break;
      case 5:
        b = Buffer.concat([b.subarray(0, at), b.subarray(at + 1 + rng.below(8))]);
        break;
      case 6: {
        const len = 1 + rng.below(64);
        b = Buffer.concat([b.subarray(0, at), b.subarray(at, at + len), b.subarray(at)]);
        break;
      }
      case 7: {
        const from = rng.below(other.length);
        b = Buffer.concat([b.subarray(0, at), other.subarray(from, from + 1 + rng.below(32)), b.subarray(at)]);
        break;
      }
      default:
        // a two-byte field set to an extreme (lengths, counts, item ids)
        if (at + 1 < b.length) b.writeUInt16BE(rng.below(2) ? 0xffff : rng.below(0x10000), at);
    }
  }
  return b;
}

/** Random bytes between the first frame's start and end markers (first two and last two bytes). */
export function wrapped(rng: Rng, sample: Buffer): Buffer {
  const head = sample.subarray(0, Math.min(2, sample.length));
  const tail = sample.subarray(Math.max(0, sample.length - 2));
  return Buffer.concat([head, rng.bytes(rng.below(300)), tail]);
}

/** The next input: mostly mutated real frames (half resealed), some marked random bytes, some plain random bytes. */
export function nextInput(rng: Rng, protocol: string, seeds: Buffer[]): Buffer {
  const roll = rng.below(100);
  if (seeds.length === 0 || roll < 8) return rng.bytes(rng.below(600));
  const seed = seeds[rng.below(seeds.length)];
  if (roll < 18) return reseal(protocol, wrapped(rng, seed));
  const m = mutate(rng, seed, seeds[rng.below(seeds.length)]);
  return rng.below(2) ? reseal(protocol, m) : m;
}
