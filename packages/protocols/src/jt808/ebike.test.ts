import { describe, expect, it } from 'vitest';
import { EBIKE_JT808_VECTORS } from '../fixtures/ebike-vectors.ts';
import { decodeJt808 } from './decode.ts';
import { encodeJt808PassThrough } from './terminal.ts';

describe('JT/T 808 e-bike frames (fixtures/ebike-vectors.ts)', () => {
  for (const v of EBIKE_JT808_VECTORS) {
    it(v.id, () => {
      const r = decodeJt808(Buffer.from(v.hex, 'hex'));
      if (!r.ok) throw new Error(r.error.detail);
      expect(r.value.checksumValid).toBe(true);
      const m = r.value.messages[0];
      expect(m.reply).toBeDefined(); // acknowledged once stored, like every upstream report
      if (v.alarms) expect(m.positions![v.item ?? 0].alarms).toEqual(v.alarms);
      if (v.statusFlags) expect(m.positions![0].extras.statusFlags).toEqual(v.statusFlags);
      if (v.bms) {
        expect(m.kind).toBe('bms');
        expect(m.bms).toMatchObject(v.bms);
      }
    });
  }

  it('a 0x0900 of another type, or a 0xF0 too short for a BMS block, stays a plain pass-through', () => {
    for (const [type, size] of [
      [0x41, 120],
      [0xf0, 54],
    ]) {
      const r = decodeJt808(encodeJt808PassThrough({ phone: '013912345678' }, 1, type, Buffer.alloc(size, 0x11)));
      if (!r.ok) throw new Error(r.error.detail);
      expect(r.value.messages[0]).toMatchObject({ kind: 'passThrough', passThrough: { type } });
      expect(r.value.messages[0].bms).toBeUndefined();
    }
  });
});
