import { describe, expect, it } from 'vitest';
import { CARD_ALARM_NAMES } from '@chelian/contracts';
import { ALARM_NAMES_ZH } from '@chelian/protocols/alarms.ts';
import { FRESH_STATE, derivedStep, type DerivedState, type StepInput } from './cardRules.ts';

const rules = { offPostMinutes: 10, standstillMinutes: 30, gatheringCount: 3, gatheringRadius: 20, gatheringMinutes: 10 };
const min = (m: number) => m * 60_000;

function run(steps: Array<Partial<StepInput> & { t: number }>) {
  let state: DerivedState = FRESH_STATE;
  const raised: Array<[number, string]> = [];
  steps.forEach((s, i) => {
    const out = derivedStep(state, rules, {
      time: min(s.t),
      lat: 31.23 + i * 0.001,
      lon: 121.47,
      inShift: true,
      inArea: true,
      near: 0,
      ...s,
    });
    state = out.state;
    for (const a of out.raise) raised.push([s.t, a]);
  });
  return raised;
}

describe('derived badge alarms', () => {
  it('raises off post once after the threshold outside the areas in shift, again after coming back and leaving', () => {
    const out = (t: number, inArea = false) => ({ t, inArea });
    expect(run([out(0), out(5), out(10), out(15), out(20, true), out(21), out(31)])).toEqual([
      [10, 'offPost'],
      [31, 'offPost'],
    ]);
    expect(
      run([
        { t: 0, inArea: false, inShift: false },
        { t: 20, inArea: false, inShift: false },
      ]),
    ).toEqual([]);
  });

  it('raises standing still when the person stays within 30 m for the threshold during the shift', () => {
    const still = (t: number) => ({ t, lat: 31.23, lon: 121.47 });
    expect(run([still(0), still(10), still(29), still(30), still(45)])).toEqual([[30, 'standstill']]);
    expect(run([still(0), { t: 20 }, still(40)])).toEqual([]);
  });

  it('raises gathering when enough people stay close for the threshold', () => {
    expect(
      run([
        { t: 0, near: 2 },
        { t: 5, near: 2 },
        { t: 10, near: 2 },
        { t: 12, near: 2 },
      ]),
    ).toEqual([[10, 'gathering']]);
    expect(
      run([
        { t: 0, near: 1 },
        { t: 20, near: 1 },
      ]),
    ).toEqual([]);
  });

  it("names every badge alarm the protocols know in the platform's words", () => {
    for (const [type, name] of Object.entries(CARD_ALARM_NAMES)) {
      if (Object.hasOwn(ALARM_NAMES_ZH, type)) expect(ALARM_NAMES_ZH[type as keyof typeof ALARM_NAMES_ZH], type).toBe(name);
    }
    for (const derived of ['offPost', 'standstill', 'gathering', 'missedCheckpoint', 'sos', 'fallDown', 'lowBattery'])
      expect(ALARM_NAMES_ZH, derived).toHaveProperty(derived);
  });
});
