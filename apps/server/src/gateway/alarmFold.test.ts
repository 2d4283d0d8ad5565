import { describe, expect, it } from 'vitest';
import { ALARM_FOLD_GAP_MS, planFolds, type OpenAlarm } from './alarmFold.ts';
import type { NewAlarm } from './ingest.queries.ts';
import type { AlarmType } from '@chelian/protocols/alarms.ts';

const T0 = Date.parse('2026-05-02T08:00:00+08:00');
const alarm = (type: AlarmType, at: number, over: Partial<NewAlarm> = {}): NewAlarm => ({
  terminalPk: 7,
  accountId: 3,
  vehicleId: 9,
  type,
  alarmTime: at,
  lat: 22.5,
  lon: 114,
  speed: 95,
  ...over,
});
const open = (entries: Array<[string, OpenAlarm]>) => new Map(entries);

describe('one alarm per episode (planFolds)', () => {
  it('folds a type raised again within the gap into the alarm stored before, however often', () => {
    const stored = open([['7|overspeed', { id: 41, accountId: 3, alarmTime: T0, lastSeenAt: T0 + 60_000 }]]);
    const plan = planFolds([alarm('overspeed', T0 + 120_000), alarm('overspeed', T0 + 120_000 + ALARM_FOLD_GAP_MS)], stored);
    expect(plan).toEqual([
      { kind: 'repeat', of: 41 },
      { kind: 'repeat', of: 41 },
    ]);
  });

  it('folds repeats of an alarm stored in the same flush into it', () => {
    const plan = planFolds([alarm('lowBattery', T0), alarm('lowBattery', T0 + 10_000), alarm('sos', T0 + 10_000)], open([]));
    expect(plan).toEqual([{ kind: 'insert' }, { kind: 'repeatOfNew', index: 0 }, { kind: 'insert' }]);
  });

  it('starts a new alarm after a pause longer than the gap, for another terminal or owner, and for an older (补传) one', () => {
    const stored = open([['7|overspeed', { id: 41, accountId: 3, alarmTime: T0, lastSeenAt: T0 }]]);
    expect(planFolds([alarm('overspeed', T0 + ALARM_FOLD_GAP_MS + 1)], stored)).toEqual([{ kind: 'insert' }]);
    expect(planFolds([alarm('overspeed', T0 + 1000, { terminalPk: 8 })], stored)).toEqual([{ kind: 'insert' }]);
    expect(planFolds([alarm('overspeed', T0 + 1000, { accountId: 4 })], stored)).toEqual([{ kind: 'insert' }]);
    expect(planFolds([alarm('overspeed', T0 - 1000)], stored)).toEqual([{ kind: 'insert' }]);
  });

  it('never folds events that are each one of their own (a crash, a harsh brake)', () => {
    const plan = planFolds([alarm('braking', T0), alarm('braking', T0 + 5000)], open([]));
    expect(plan).toEqual([{ kind: 'insert' }, { kind: 'insert' }]);
  });
});
