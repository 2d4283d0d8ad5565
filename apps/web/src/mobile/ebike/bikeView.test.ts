import { describe, expect, it } from 'vitest';
import { SAFE_CUT_MAX_KMH, SAFE_CUT_RULE, type BikeStatus, type LastPosition } from '@chelian/contracts';
import { batteryTone, guardAction, recentDays, withBikePosition } from './bikeView.ts';

const NOW = Date.UTC(2026, 11, 2, 17, 0, 0); // 01:00 on the 3rd in Beijing
const status: BikeStatus = {
  online: false,
  fix: true,
  armed: false,
  acc: false,
  powerCut: false,
  charging: false,
  batteryVoltage: 50.2,
  batteryPercent: 68,
  rangeKm: 54,
  speed: 0,
  lat: 31.23,
  lon: 121.47,
  gpsTime: NOW - 120_000,
  lastUpdate: NOW - 100_000,
  pendingCut: null,
};
const pos = (over: Partial<LastPosition>): LastPosition => ({
  terminalId: '869188000000001',
  vehicleId: 5,
  plate: '电A12345',
  name: '',
  lat: 31.231,
  lon: 121.471,
  speed: 12.34,
  direction: 90,
  altitude: 0,
  gpsTime: NOW - 5_000,
  receivedAt: NOW - 4_000,
  valid: true,
  online: true,
  acc: true,
  satellites: 9,
  mileage: null,
  alarms: [],
  alarmNames: [],
  extras: {},
  ...over,
});

describe('the e-bike card on the phone', () => {
  it('offers to disarm an armed bike and to arm any other', () => {
    expect(guardAction(true)).toBe('disarm');
    expect(guardAction(false)).toBe('arm');
    expect(guardAction(null)).toBe('arm');
  });

  it('colours the battery: under 20 % danger, under 40 % warning', () => {
    expect(batteryTone(null)).toBe('weak');
    expect(batteryTone(19)).toBe('danger');
    expect(batteryTone(20)).toBe('warning');
    expect(batteryTone(40)).toBe('success');
  });

  it('takes a live fix with the guard state its 0xF1 carried', () => {
    const next = withBikePosition(status, pos({ extras: { ebike: { armed: true, powerCut: false } } }));
    expect(next).toMatchObject({ online: true, lat: 31.231, lon: 121.471, speed: 12.3, acc: true, armed: true, lastUpdate: NOW - 4_000 });
  });

  it('keeps the newer card against an older fix, and the place against an invalid one', () => {
    expect(withBikePosition(status, pos({ gpsTime: NOW - 300_000 }))).toBe(status);
    const invalid = withBikePosition(status, pos({ valid: false, lat: 0, lon: 0 }));
    expect([invalid.lon, invalid.lat, invalid.fix]).toEqual([121.47, 31.23, false]);
  });

  it('offers today and the two days before, in Beijing', () => {
    expect(recentDays(NOW)).toEqual(['2026-12-03', '2026-12-02', '2026-12-01']);
  });

  it('states the safe cut rule with the server limit', () => {
    expect(SAFE_CUT_RULE).toContain(`${SAFE_CUT_MAX_KMH} km/h`);
  });
});
