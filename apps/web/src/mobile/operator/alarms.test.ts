import { describe, expect, it } from 'vitest';
import type { Alarm } from '@chelian/contracts';
import { mergeAlarms } from './alarms.ts';

const alarm = (alarmId: number, alarmTime: number, handled = false): Alarm => ({
  alarmId,
  terminalId: 'T',
  vehicleId: 1,
  plate: '粤B1',
  name: '',
  type: 'sos',
  typeName: '紧急报警',
  alarmTime,
  receivedAt: alarmTime,
  lat: null,
  lon: null,
  speed: null,
  handled,
  handledBy: '',
  handledAt: null,
  handleNote: '',
  late: false,
});

describe('operator alarm list', () => {
  it('shows pushed alarms first, newest first, each alarm once', () => {
    const merged = mergeAlarms([alarm(1, 100), alarm(2, 50)], [alarm(3, 200), alarm(1, 100), alarm(4, 300)]);
    expect(merged.map((a) => a.alarmId)).toEqual([4, 3, 1, 2]);
  });
});
