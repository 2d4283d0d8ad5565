import { describe, expect, it } from 'vitest';
import { computeScale } from './scale.ts';

describe('body scale (1366×768, 0.5–1)', () => {
  it('is 1 at or above the design size', () => {
    expect(computeScale(1366, 768)).toBe(1);
    expect(computeScale(1920, 1080)).toBe(1);
  });
  it('follows the tighter ratio below it', () => {
    expect(computeScale(1024, 768)).toBe(0.75);
    expect(computeScale(1366, 384)).toBe(0.5);
    expect(computeScale(1093, 900)).toBe(0.8);
  });
  it('never goes under 0.5', () => {
    expect(computeScale(320, 240)).toBe(0.5);
  });
  it('treats a zero-sized window as unscaled', () => {
    expect(computeScale(0, 0)).toBe(1);
  });
});
