import { describe, expect, it } from 'vitest';
import type { LastPosition } from '@chelian/contracts';
import { fleetRows, matches } from './fleetView.ts';

const at = (terminalId: string, plate: string, online: boolean, alarms: string[] = []): LastPosition => ({
  terminalId,
  vehicleId: 1,
  plate,
  name: '',
  lat: 22.5,
  lon: 114,
  speed: 0,
  direction: 0,
  altitude: 0,
  gpsTime: 0,
  receivedAt: 0,
  valid: true,
  online,
  acc: null,
  satellites: null,
  mileage: null,
  alarms,
  alarmNames: [],
  extras: {},
});

describe('operator fleet list', () => {
  const fleet = [
    at('013800000001', '粤B12345', false),
    at('013800000002', '粤B00002', true),
    at('013800000003', '粤B00003', true, ['sos']),
  ];

  it('finds a vehicle by plate or terminal number, ignoring case and spaces', () => {
    expect(matches(fleet[0], '12345')).toBe(true);
    expect(matches(fleet[0], 'b 123')).toBe(true);
    expect(matches(fleet[0], '0000001')).toBe(true);
    expect(matches(fleet[0], '999')).toBe(false);
  });

  it('puts alarming vehicles first, then online ones, and counts by online state', () => {
    const { rows, counts } = fleetRows(fleet, '', 'all');
    expect(rows.map((r) => r.plate)).toEqual(['粤B00003', '粤B00002', '粤B12345']);
    expect(counts).toEqual({ all: 3, online: 2, offline: 1 });
    expect(fleetRows(fleet, '', 'offline').rows.map((r) => r.plate)).toEqual(['粤B12345']);
    expect(fleetRows(fleet, '粤B0000', 'online').total).toBe(2);
  });
});
