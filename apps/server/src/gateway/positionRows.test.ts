import { describe, expect, it } from 'vitest';
import type { Position } from '@chelian/protocols/model.ts';
import { compactExtras, toStoredPosition } from './positionRows.ts';

const position = (extras: Record<string, unknown>, over: Partial<Position> = {}): Position => ({
  terminalId: '013900000001',
  time: Date.parse('2026-11-22T10:00:00Z'),
  lat: 31.2,
  lon: 121.4,
  valid: true,
  speedKmh: 40,
  course: 10,
  altitude: 12,
  alarms: [],
  acc: true,
  extras,
  ...over,
});

describe('stored extras', () => {
  it('leaves out JT/T 808 words whose bits the columns already hold', () => {
    // ACC on, positioned, south, west; no alarm: acc, valid and the coordinates' signs say it all.
    expect(compactExtras(position({ alarmWord: 0, statusWord: 0x0f, statusFlags: ['acc', 'positioned'] }))).toBeNull();
    expect(toStoredPosition(position({ alarmWord: 0, statusWord: 3 }), 1, 0)?.extras).toBeNull();
  });

  it('keeps a status word with any other bit (doors, oil cut, load) and any non-zero alarm word', () => {
    const doorOpen = 0x03 | (1 << 13);
    expect(compactExtras(position({ alarmWord: 0, statusWord: doorOpen }))).toEqual({ statusWord: doorOpen });
    expect(compactExtras(position({ alarmWord: 2, statusWord: 3 }))).toEqual({ alarmWord: 2 });
  });

  it('keeps fuel, signal and the other items as plain JSON', () => {
    const extras = compactExtras(
      position({ statusWord: 3, io: { a: 1 }, rawItems: Buffer.from([0xe1, 0x02]) }, { fuel: 30.5, signal: 21 }),
    );
    expect(extras).toEqual({ fuel: 30.5, signal: 21, io: { a: 1 }, rawItems: 'e102' });
  });
});
