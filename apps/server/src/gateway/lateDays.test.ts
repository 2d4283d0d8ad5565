import { describe, expect, it } from 'vitest';
import type { StoredPosition } from './ingest.queries.ts';
import { LateDayTracker } from './lateDays.ts';

const at = (iso: string) => ({ gpsTime: Date.parse(iso) }) as StoredPosition;

describe('the days a connection reopens for the report rollup', () => {
  it('names each Beijing day once for fixes older than the newest stored, and none for reports in order', () => {
    const late = new LateDayTracker();
    late.identified(Date.parse('2026-03-02T04:00:00Z'));
    const now = Date.parse('2026-03-02T05:00:00Z');
    expect(late.lateDays([at('2026-03-02T04:30:00Z'), at('2026-03-02T04:40:00Z')], now)).toBeNull();
    // 16:30 UTC on 1 March is 00:30 on 2 March in Beijing.
    expect(late.lateDays([at('2026-03-01T16:30:00Z'), at('2026-03-01T15:00:00Z'), at('2026-03-01T17:00:00Z')], now)).toEqual([
      '2026-03-02',
      '2026-03-01',
    ]);
  });

  it('does not believe a newest fix ahead of the clock', () => {
    const late = new LateDayTracker();
    late.identified(Date.now() + 3_600_000);
    expect(late.lateDays([at(new Date().toISOString())], Date.now())).toBeNull();
  });
});
