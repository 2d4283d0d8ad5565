import { describe, expect, it } from 'vitest';
import { FINAL_AFTER_MS, isLateForRollup } from './lateReports.ts';

/** Beijing wall-clock time → epoch ms. */
const bj = (text: string) => Date.parse(`${text}+08:00`);

describe('positions late for the report rollup', () => {
  it('flags a report older than what its terminal already stored, whatever its day', () => {
    const now = bj('2026-05-02T12:00:00');
    expect(isLateForRollup(bj('2026-05-02T09:00:00'), bj('2026-05-02T11:59:00'), now)).toBe(true);
    expect(isLateForRollup(bj('2026-05-02T11:59:30'), bj('2026-05-02T11:59:00'), now)).toBe(false);
    expect(isLateForRollup(bj('2026-05-02T11:59:00'), bj('2026-05-02T11:59:00'), now)).toBe(false); // a retransmission
    expect(isLateForRollup(bj('2026-05-02T11:00:00'), -Infinity, now)).toBe(false); // nothing stored yet
  });

  it('flags a report in order for a day that is final, or an hour from it (clocks of two processes may differ)', () => {
    const yesterday = bj('2026-05-01T23:00:00');
    expect(isLateForRollup(yesterday, -Infinity, bj('2026-05-02T00:30:00'))).toBe(false); // the passes still read it
    expect(isLateForRollup(yesterday, -Infinity, bj('2026-05-02T00:00:00') + FINAL_AFTER_MS - 3600_000)).toBe(true);
    expect(isLateForRollup(bj('2026-04-20T08:00:00'), -Infinity, bj('2026-05-02T12:00:00'))).toBe(true);
  });
});
