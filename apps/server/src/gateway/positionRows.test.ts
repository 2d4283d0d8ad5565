import { describe, expect, it } from 'vitest';
import type { DeviceMessage, Position } from '@chelian/protocols/model.ts';
import { BLIND_AREA_AFTER_MS, isBlindArea, type PositionAttributes } from '@chelian/protocols/positionAttributes.ts';
import { compactExtras, markBlindArea, toStoredPosition } from './positionRows.ts';

const position = (extras: PositionAttributes, over: Partial<Position> = {}): Position => ({
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
      position({ statusWord: 3, io: 5, rawItems: Buffer.from([0xe1, 0x02]) as never }, { fuel: 30.5, signal: 21 }),
    );
    expect(extras).toEqual({ fuel: 30.5, signal: 21, io: 5, rawItems: 'e102' });
  });
});

describe('blind-area fixes (补传), said one way', () => {
  const t = Date.parse('2026-05-02T04:00:00Z');
  const message = (extras: PositionAttributes, detail?: Record<string, unknown>): DeviceMessage =>
    ({
      protocol: 'jt808',
      terminalId: '013900000001',
      kind: 'location',
      messageType: '0x0200',
      positions: [position(extras, { time: t })],
      detail,
    }) as DeviceMessage;
  const marked = (msg: DeviceMessage, receivedAt: number) => {
    markBlindArea(msg, receivedAt);
    return isBlindArea(toStoredPosition(msg.positions![0], 1, receivedAt)!.extras);
  };

  it('keeps what the decoder marked (watch UD2, GT06 re-upload byte) and marks a JT/T 808 batch of type 1', () => {
    expect(marked(message({}), t + 2000)).toBe(false);
    expect(marked(message({ blindArea: true }), t + 2000)).toBe(true);
    expect(marked(message({}, { batchType: 1 }), t + 2000)).toBe(true);
    expect(marked(message({}, { batchType: 0 }), t + 2000)).toBe(false);
  });

  it('marks a fix that came more than five minutes after its GPS time', () => {
    expect(marked(message({}), t + BLIND_AREA_AFTER_MS)).toBe(false);
    expect(marked(message({}), t + BLIND_AREA_AFTER_MS + 1000)).toBe(true);
  });
});
