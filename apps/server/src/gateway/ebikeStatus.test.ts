import { describe, expect, it } from 'vitest';
import type { BmsReport } from '@chelian/protocols/model.ts';
import { ebikeFromBms, ebikeFromPosition } from './ebikeStatus.ts';

const bms = (over: Partial<BmsReport>) => ({ voltageV: 51.2, temperatureC: 28, currentA: -2.5, implausible: [], ...over }) as BmsReport;

describe('an e-bike state without a device status', () => {
  it('takes the pack voltage, temperature and charging from a BMS report, leaving out impossible figures', () => {
    expect(ebikeFromBms(bms({}))).toEqual({ supplyVolts: 51.2, batteryTempC: 28, charging: false });
    expect(ebikeFromBms(bms({ currentA: 4 }))).toMatchObject({ charging: true });
    expect(ebikeFromBms(bms({ voltageV: 655.35, temperatureC: -200, implausible: ['voltage', 'temperature'] }))).toEqual({
      charging: false,
    });
  });

  it('takes ACC and the cut relay from a JT/T 808 location', () => {
    expect(ebikeFromPosition({ acc: true, extras: { statusFlags: ['acc', 'positioned'] } })).toEqual({ acc: true, powerCut: false });
    expect(ebikeFromPosition({ acc: false, extras: { statusFlags: ['circuitCut'] } })).toEqual({ acc: false, powerCut: true });
    expect(ebikeFromPosition({ extras: {} })).toEqual({});
  });
});
