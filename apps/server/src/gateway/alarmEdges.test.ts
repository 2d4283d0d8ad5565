import { describe, expect, it } from 'vitest';
import type { BmsReport } from '@chelian/protocols/model.ts';
import type { AlarmType } from '@chelian/protocols/alarms.ts';
import { AlarmEdgeTracker, alarmEdges } from './alarmEdges.ts';
import type { StoredPosition } from './ingest.queries.ts';
import type { TerminalInfo } from './terminalDirectory.ts';

describe('alarm edges', () => {
  it('raises a level alarm once while it lasts, again after it cleared', () => {
    let active: ReadonlySet<string> = new Set<string>();
    const steps: Array<[AlarmType[], AlarmType[]]> = [
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

describe("a connection's alarm levels", () => {
  const terminal = (over: Partial<TerminalInfo> = {}) =>
    ({ pk: 7, accountId: 3, vehicleId: 9, lastAlarms: [], handedOverAt: null, ...over }) as TerminalInfo;
  const at = (gpsTime: number, alarms: string[]) =>
    ({ terminalPk: 7, gpsTime, receivedAt: gpsTime, lat: 30, lon: 120, speed: 5, valid: true, alarms, extras: null }) as StoredPosition;
  const bms = { temperatureC: 70, cellVolts: [], currentA: 0, controllerFault: 0, implausible: [] } as unknown as BmsReport;

  it('does not raise again what was on at the last stored position, nor a previous owner’s alarm', () => {
    const tracker = new AlarmEdgeTracker();
    const t = terminal({ lastAlarms: ['sos'], handedOverAt: 1_000 });
    tracker.identified(t);
    expect(tracker.fromPositions(t, [at(500, ['overspeed']), at(2_000, ['sos'])], false)).toBeNull();
    expect(tracker.fromPositions(t, [at(3_000, ['sos', 'overspeed'])], false)?.map((a) => a.type)).toEqual(['overspeed']);
  });

  it('places an alarm without a fix where the terminal last was, and keeps BMS levels apart', () => {
    const tracker = new AlarmEdgeTracker();
    const t = terminal();
    tracker.fromPositions(t, [at(1_000, ['sos'])], false);
    expect(tracker.fromStatus(t, ['powerCut'], false, 5_000)).toEqual([
      { terminalPk: 7, accountId: 3, vehicleId: 9, type: 'powerCut', alarmTime: 5_000, lat: 30, lon: 120, speed: 5 },
    ]);
    expect(tracker.fromBms(t, bms, 6_000)?.map((a) => a.type)).toEqual(['batteryOverTemp']);
    expect(tracker.fromPositions(t, [at(7_000, [])], false)).toBeNull();
    expect(tracker.fromBms(t, bms, 8_000)).toBeNull(); // still on: a position report does not end it
    tracker.handedOver();
    expect(tracker.fromStatus(t, ['powerCut'], false, 9_000)).toEqual([
      { terminalPk: 7, accountId: 3, vehicleId: 9, type: 'powerCut', alarmTime: 9_000, lat: null, lon: null, speed: null },
    ]);
  });
});
