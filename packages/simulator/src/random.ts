/**
 * A small seeded PRNG (mulberry32): the same seed drives the same routes, alarms and ids, so a
 * run can be repeated and a test can pin a driver's behaviour.
 */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0 || 0x9e3779b9;
  }

  /** Uniform in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Uniform in [min, max). */
  range(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return Math.floor(this.range(min, max + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** A new generator whose sequence depends on this seed and `salt` only. */
  fork(salt: number): Rng {
    return new Rng(Math.imul((this.state ^ salt) >>> 0, 2654435761) ^ salt);
  }
}

/** Seed for one terminal of a run: stable for (run seed, index), independent of the others. */
export function seedFor(runSeed: number, index: number): number {
  let h = (runSeed ^ 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ index, 0xcc9e2d51);
  h = Math.imul(h ^ (h >>> 15), 0x1b873593);
  return (h ^ (h >>> 13)) >>> 0;
}
