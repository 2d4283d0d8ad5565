import { describe, expect, it } from 'vitest';
import type { PositionAttributes } from '@chelian/protocols/positionAttributes.ts';
import type { AlarmType } from '@chelian/protocols/alarms.ts';
import type { StoredPosition } from './positionCopy.ts';
import { storedPosition } from '../testing/storedPosition.ts';
import { PositionCopyWriter, positionsCopyData } from './positionCopy.ts';

const at = Date.parse('2026-11-22T08:00:00Z');
/** The text-array writer escapes whatever it is given: odd texts stand in for alarm types here. */
const texts = (...t: string[]) => t as AlarmType[];
const row = (over: Partial<StoredPosition>) =>
  storedPosition({ terminalPk: 7, gpsTime: at, mileage: 12.5, alarms: ['sos'], extras: { statusWord: 2 }, ...over });

describe('COPY data buffers', () => {
  it('a recycled buffer serves the next writer, which writes exactly its own rows', () => {
    const mine = row({ gpsTime: at + 60_000, lat: 30.5, alarms: [], extras: null });
    const expected = Buffer.from(positionsCopyData([mine]));

    const big = new PositionCopyWriter();
    for (let i = 0; i < 500; i++)
      big.add(row({ gpsTime: at + i * 1000, extras: { note: '某某路'.repeat(20) } as object as PositionAttributes }));
    const bigData = big.finish();
    big.recycle();

    const next = new PositionCopyWriter();
    next.add(mine);
    const data = next.finish();
    expect(data.buffer).toBe(bigData.buffer); // the same memory, written over
    expect(Buffer.from(data)).toEqual(expected);
  });

  it('has room for a row that ends with no extras wherever the buffer ends', () => {
    // Alarm texts of every length move where each row ends against the buffer's end, byte by byte.
    for (let n = 1; n <= 300; n++) {
      const writer = new PositionCopyWriter(1);
      const rows = Array.from({ length: 12 }, (_, i) => row({ gpsTime: at + i, alarms: texts('x'.repeat(n)), extras: null }));
      expect(() => writer.addAll(rows)).not.toThrow();
      expect(writer.rows).toBe(12);
      writer.recycle();
    }
  });
});
