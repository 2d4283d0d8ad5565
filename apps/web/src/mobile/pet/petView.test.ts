import { describe, expect, it } from 'vitest';
import type { LastPosition, PetLive } from '@chelian/contracts';
import { agedLive, agoText, freshnessAt, goalPercent, withPosition } from './petView.ts';

const NOW = Date.UTC(2026, 11, 2, 6, 0, 0);
const live: PetLive = {
  online: false,
  lat: 30.27,
  lon: 120.15,
  gpsTime: NOW - 600_000,
  ageSeconds: 600,
  freshness: 'recent',
  freshnessName: '稍早',
  source: 'lbs',
  sourceName: '基站',
  accuracy: 300,
  signal: 60,
  battery: 80,
  batteryAt: NOW - 600_000,
};
const pos = (over: Partial<LastPosition>): LastPosition => ({
  terminalId: '9400000001',
  vehicleId: null,
  plate: '',
  name: '',
  lat: 30.28,
  lon: 120.16,
  speed: 0,
  direction: 0,
  altitude: 0,
  gpsTime: NOW - 30_000,
  receivedAt: NOW - 29_000,
  valid: true,
  online: true,
  acc: null,
  satellites: null,
  mileage: null,
  alarms: [],
  alarmNames: [],
  extras: {},
  ...over,
});

describe('pet freshness on the phone', () => {
  it('says how long ago as a phone does', () => {
    expect(agoText(null)).toBe('暂无定位');
    expect(agoText(20)).toBe('刚刚');
    expect(agoText(180)).toBe('3分钟前');
    expect(agoText(2 * 3600 + 5)).toBe('2小时前');
    expect(agoText(3 * 86_400)).toBe('3天前');
  });

  it('bands freshness as the contract does: under 2 min, to 10 min, older', () => {
    expect(freshnessAt(null)).toBe('none');
    expect(freshnessAt(119)).toBe('fresh');
    expect(freshnessAt(120)).toBe('recent');
    expect(freshnessAt(600)).toBe('recent');
    expect(freshnessAt(601)).toBe('stale');
  });

  it('ages the live state as the clock moves, without a call', () => {
    const later = agedLive(live, NOW + 60_000);
    expect(later.ageSeconds).toBe(660);
    expect(later.freshness).toBe('stale');
    expect(later.freshnessName).toBe('较久');
  });

  it('takes a live Wi-Fi fix with its accuracy and battery', () => {
    const next = withPosition(live, pos({ extras: { locationSource: 'wifi', accuracy: 40, battery: 76.4 } }), NOW);
    expect(next).toMatchObject({ online: true, lat: 30.28, lon: 120.16, source: 'wifi', sourceName: 'Wi-Fi', accuracy: 40, battery: 76 });
    expect(next.freshness).toBe('fresh');
    expect(agoText(next.ageSeconds)).toBe('刚刚');
  });

  it('keeps the newer state against an older or invalid fix, and the battery when the fix has none', () => {
    expect(withPosition(live, pos({ gpsTime: NOW - 900_000 }), NOW)).toBe(live);
    expect(withPosition(live, pos({ valid: false }), NOW)).toBe(live);
    const gps = withPosition(live, pos({}), NOW);
    expect(gps.sourceName).toBe('GPS');
    expect(gps.battery).toBe(80);
  });

  it('caps the step goal at 100 %', () => {
    expect(goalPercent(3000, 6000)).toBe(50);
    expect(goalPercent(9000, 6000)).toBe(100);
    expect(goalPercent(10, 0)).toBe(0);
  });
});
