import { describe, expect, it } from 'vitest';
import { guardStep, type GuardPosition, type GuardState } from './guardRules.ts';

const settings = { displacementRadius: 300 };
const idle: GuardState = { armed: false, armedLat: null, armedLon: null, accAlarmed: false, displaced: false };
const at = (lat: number, lon: number, more: Partial<GuardPosition> = {}): GuardPosition => ({
  valid: true,
  lat,
  lon,
  speed: 0,
  acc: false,
  reportedArmed: null,
  ...more,
});

/** Runs positions through the guard, collecting what it raised. */
function run(state: GuardState, positions: GuardPosition[]) {
  const raised: string[] = [];
  for (const p of positions) {
    const out = guardStep(state, settings, p);
    state = out.state;
    raised.push(...out.raise);
  }
  return { state, raised };
}

describe('the alarms the platform derives for e-bikes', () => {
  it('raises ACC on while armed once per arming', () => {
    const armed = { ...idle, armed: true, armedLat: 31.2304, armedLon: 121.4737 };
    expect(run(armed, [at(31.2304, 121.4737, { acc: true }), at(31.2304, 121.4737, { acc: true })]).raised).toEqual(['accOnWhileArmed']);
    expect(run(idle, [at(31.2304, 121.4737, { acc: true })]).raised).toEqual([]);
  });

  it('raises displacement once the bike is further than the radius from where it was armed', () => {
    const { raised, state } = run(idle, [
      at(31.2304, 121.4737, { reportedArmed: true }), // armed here
      at(31.232, 121.4737), // ~178 m
      at(31.234, 121.4737), // ~400 m
      at(31.236, 121.4737),
    ]);
    expect(raised).toEqual(['displacement']);
    expect(state).toMatchObject({ armed: true, armedLat: 31.2304, displaced: true });
  });

  it('starts over when the terminal reports disarmed, then armed again elsewhere', () => {
    const moved = run(idle, [at(31.2304, 121.4737, { reportedArmed: true }), at(31.234, 121.4737)]);
    const again = run(moved.state, [
      at(31.234, 121.4737, { reportedArmed: false }),
      at(31.234, 121.4737, { reportedArmed: true }),
      at(31.2345, 121.4737),
    ]);
    expect(again.raised).toEqual([]);
    expect(again.state).toMatchObject({ armedLat: 31.234, displaced: false });
  });

  it('takes the first fix after arming without one as the centre', () => {
    const armedNoFix = { ...idle, armed: true };
    const { raised, state } = run(armedNoFix, [at(0, 0, { valid: false }), at(31.2304, 121.4737), at(31.2306, 121.4737)]);
    expect(raised).toEqual([]);
    expect(state.armedLat).toBe(31.2304);
  });

  it('raises no overspeed of its own, however fast the bike goes (平台超速报警 judges the bike’s limit)', () => {
    const armed = { ...idle, armed: true, armedLat: 31.23, armedLon: 121.47 };
    const fast = [at(31.23, 121.47, { speed: 45 }), at(31.23, 121.47, { speed: 60 }), at(31.23, 121.47, { speed: 10 })];
    expect(run(idle, fast).raised).toEqual([]);
    expect(run(armed, fast).raised).toEqual([]);
  });
});
