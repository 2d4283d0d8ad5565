import { describe, expect, it } from 'vitest';
import { SUB_SYSTEMS } from '@chelian/contracts';
import { CHILD_SYSTEMS, isChildSystem } from './childSystems.ts';

describe('child systems', () => {
  it('matches the sub-system catalogue of the contracts', () => {
    expect([...CHILD_SYSTEMS]).toEqual(SUB_SYSTEMS.map((s) => s.systemId));
  });
  it('recognises only known ids', () => {
    expect(isChildSystem('car')).toBe(true);
    expect(isChildSystem('truck')).toBe(false);
  });
});
