import { describe, expect, it } from 'vitest';
import type { LastPosition } from '@chelian/contracts';
import { answerFor, foundWithLive } from './useFleetSearch.ts';

const at = (terminalId: string, gpsTime: number, online: boolean): LastPosition => ({
  terminalId,
  vehicleId: 1,
  plate: `粤B${terminalId}`,
  name: '',
  lat: 22.5,
  lon: 114,
  speed: 0,
  direction: 0,
  altitude: 0,
  gpsTime,
  receivedAt: gpsTime,
  valid: true,
  online,
  acc: null,
  satellites: null,
  mileage: null,
  alarms: [],
  alarmNames: [],
  extras: {},
});

describe('车队 search answered by the server', () => {
  it('keeps the server’s order and counts, with the live feed’s newer position of a row', () => {
    const live = new Map([
      ['2', at('2', 2000, false)],
      ['1', at('1', 500, true)], // older than the server's: not taken
      ['9', at('9', 9000, true)], // not a match: not added
    ]);
    const found = foundWithLive({ total: 7, list: [at('1', 1000, false), at('2', 1000, true)], online: 5, offline: 2 }, live);
    expect(found.rows.map((p) => [p.terminalId, p.gpsTime, p.online])).toEqual([
      ['1', 1000, false],
      ['2', 2000, false],
    ]);
    expect(found.total).toBe(7);
    expect(found.counts).toEqual({ all: 7, online: 5, offline: 2 });
  });

  it('shows an answer only for the words and the tab it answers, and none with nothing typed', () => {
    const answer = { total: 0, list: [], online: 0, offline: 0 };
    const found = { keyword: '粤B1', filter: 'online' as const, answer };
    expect(answerFor(found, { keyword: '粤B1', filter: 'online' })).toBe(answer);
    expect(answerFor(found, { keyword: '粤B12', filter: 'online' })).toBeNull(); // typed on: the page filters what it holds
    expect(answerFor(found, { keyword: '粤B1', filter: 'all' })).toBeNull();
    expect(answerFor(null, { keyword: '粤B1', filter: 'online' })).toBeNull();
    expect(answerFor({ ...found, keyword: '' }, { keyword: '', filter: 'online' })).toBeNull();
  });
});
