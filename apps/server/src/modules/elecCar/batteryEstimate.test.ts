import { describe, expect, it } from 'vitest';
import { percentFromVoltage, rangeKm } from './batteryEstimate.ts';

describe('battery estimate from the pack voltage', () => {
  it('reads a 48 V pack from empty to full, clamped', () => {
    expect(percentFromVoltage(40.32, 48)).toBe(0);
    expect(percentFromVoltage(54.24, 48)).toBe(100);
    expect(percentFromVoltage(47.28, 48)).toBe(50);
    expect(percentFromVoltage(30, 48)).toBe(0);
    expect(percentFromVoltage(70, 48)).toBe(100);
  });

  it('scales with the nominal voltage (a 60 V pack) and takes 48 V when none is given', () => {
    expect(percentFromVoltage(59.1, 60)).toBe(50);
    expect(percentFromVoltage(47.28, null)).toBe(50);
  });

  it('knows nothing from no reading', () => {
    expect(percentFromVoltage(null, 48)).toBeNull();
    expect(percentFromVoltage(0, 48)).toBeNull();
    expect(percentFromVoltage(Number.NaN, 48)).toBeNull();
  });

  it('gives the range from the energy left at 12 Wh/km', () => {
    expect(rangeKm(100, 48, 20)).toBe(80);
    expect(rangeKm(50, 60, 24)).toBe(60);
    expect(rangeKm(50, 48, null)).toBeNull();
    expect(rangeKm(null, 48, 20)).toBeNull();
  });
});
