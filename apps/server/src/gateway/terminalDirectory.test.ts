import { describe, expect, it } from 'vitest';
import { alarmEdges } from './terminalDirectory.ts';

describe('alarm edges', () => {
  it('raises a level alarm once while it lasts, again after it cleared', () => {
    let active: ReadonlySet<string> = new Set<string>();
    const steps: Array<[string[], string[]]> = [
      [['sos'], ['sos']],
      [['sos'], []],
      [['sos', 'overspeed'], ['overspeed']],
      [[], []],
      [['sos'], ['sos']],
    ];
    for (const [reported, expected] of steps) {
      const r = alarmEdges(active, reported, false);
      expect(r.raised).toEqual(expected);
      active = r.active;
    }
  });

  it('stores every alarm packet (an event), once per type', () => {
    expect(alarmEdges(new Set(['sos']), ['sos', 'sos'], true).raised).toEqual(['sos']);
  });
});
