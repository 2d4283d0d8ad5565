import { describe, expect, it } from 'vitest';
import type { LastPosition } from '@chelian/contracts';
import type { Vehicle } from '@chelian/contracts';
import { FleetStore } from './fleetStore.ts';
import { directionText, vehicleState } from '../../shared/vehicle/vehicleState.ts';

const vehicle = (id: number, terminalId: string, extra: Partial<Vehicle> = {}): Vehicle =>
  ({ vehicleId: id, terminalId, plate: `粤B${id}`, name: '', groupId: null, accountId: 1, sim: '', online: false, ...extra }) as Vehicle;
const pos = (terminalId: string, extra: Partial<LastPosition> = {}): LastPosition => ({
  terminalId,
  vehicleId: null,
  plate: '',
  name: '',
  lat: 22.5,
  lon: 114,
  speed: 0,
  direction: 0,
  altitude: 0,
  gpsTime: 1000,
  receivedAt: 1000,
  valid: true,
  online: true,
  acc: null,
  satellites: null,
  mileage: null,
  alarms: [],
  alarmNames: [],
  extras: {},
  ...extra,
});

describe('vehicle state', () => {
  it('puts alarms first, then offline, then moving above 5 km/h, else stopped', () => {
    expect(vehicleState({ online: false, speed: 60, alarming: true })).toBe('alarm');
    expect(vehicleState({ online: false, speed: 60, alarming: false })).toBe('offline');
    expect(vehicleState({ online: true, speed: 5, alarming: false })).toBe('moving');
    expect(vehicleState({ online: true, speed: 4.9, alarming: false })).toBe('stopped');
    expect(directionText(359)).toBe('正北');
    expect(directionText(135)).toBe('东南');
  });
});

describe('fleet store', () => {
  it('applies positions by vehicle or terminal id (with or without leading zeros), ignoring late reports', () => {
    const store = new FleetStore(0);
    store.setVehicles([vehicle(1, '013800000001'), vehicle(2, '868120145233700')]);
    store.applyPositions([pos('13800000001', { speed: 40, gpsTime: 2000 }), pos('x', { vehicleId: 2, speed: 0 })]);
    expect(store.get(1)).toMatchObject({ hasPosition: true, speed: 40, state: 'moving' });
    expect(store.get(2)).toMatchObject({ state: 'stopped' });
    store.applyPositions([pos('013800000001', { speed: 0, gpsTime: 1500 })]);
    expect(store.get(1)!.speed).toBe(40);
    expect(store.counts()).toMatchObject({ moving: 1, stopped: 1, offline: 0, total: 2, located: 2 });
  });

  it('marks a vehicle whose service expired (grey, counted) until a pushed position says it was renewed', () => {
    const store = new FleetStore(0);
    store.setVehicles([
      vehicle(1, 'a', { terminalStatus: 'expired', online: true }),
      vehicle(2, 'b', { terminalStatus: 'active', online: true }),
    ]);
    expect(store.get(1)).toMatchObject({ serviceExpired: true, hasPosition: false, state: 'offline' });
    expect(store.counts()).toMatchObject({ total: 2, expired: 1, offline: 1, stopped: 1 });
    store.applyPositions([pos('a', { speed: 30 })]);
    expect(store.get(1)).toMatchObject({ serviceExpired: false, hasPosition: true, state: 'moving' });
    expect(store.counts().expired).toBe(0);
  });

  it('announces changed vehicles together, once per flush', () => {
    const store = new FleetStore(1000);
    store.setVehicles([vehicle(1, 'a'), vehicle(2, 'b'), vehicle(3, 'c')]);
    const seen: Array<ReadonlySet<number> | 'all'> = [];
    store.subscribe((c) => seen.push(c === 'all' ? 'all' : new Set(c)));
    store.flush();
    store.applyPositions([pos('a'), pos('b')]);
    store.applyPresence([{ terminalId: 'b', vehicleId: null, plate: '', online: false, at: 1 }]);
    store.flush();
    store.flush();
    expect(seen).toEqual(['all', new Set([1, 2])]);
    expect(store.get(2)!.state).toBe('offline');
  });

  it('turns a vehicle red on a pushed alarm and back once it is handled', () => {
    let now = 0;
    const store = new FleetStore(0, () => now);
    store.setVehicles([vehicle(1, 'a')]);
    store.applyPositions([pos('a', { speed: 30 })]);
    store.applyAlarm({ vehicleId: 1, terminalId: 'a', handled: false });
    expect(store.get(1)!.state).toBe('alarm');
    store.applyAlarm({ vehicleId: 1, terminalId: 'a', handled: true });
    expect(store.get(1)!.state).toBe('moving');
    store.applyAlarm({ vehicleId: 1, terminalId: 'a', handled: false });
    now = 10 * 60_000;
    store.applyPositions([pos('a', { speed: 30, gpsTime: 5000 })]);
    expect(store.get(1)!.state).toBe('moving');
  });
});

describe('fleet store: what views key on', () => {
  it('counts a roster change apart from position changes, and keys membership of a state', () => {
    const store = new FleetStore(0);
    store.setVehicles([vehicle(1, 'a'), vehicle(2, 'b'), vehicle(3, 'c')]);
    const roster = store.rosterVersion;
    store.applyPositions([pos('a', { speed: 40 }), pos('b', { speed: 0 })]);
    expect(store.rosterVersion).toBe(roster);
    const moving = store.membership('moving');
    store.applyPositions([pos('a', { speed: 50, gpsTime: 2000 })]);
    expect(store.membership('moving')).toBe(moving);
    store.applyPositions([pos('b', { speed: 30, gpsTime: 2000 })]);
    expect(store.membership('moving')).not.toBe(moving);
    expect(store.membership('moving')).toMatch(/^2:/);
    store.setVehicles([vehicle(1, 'a')]);
    expect(store.rosterVersion).toBe(roster + 1);
  });
});
