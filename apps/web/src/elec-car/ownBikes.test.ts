import { describe, expect, it } from 'vitest';
import type { Bike } from '@chelian/contracts';
import { pickBike } from './ownBikes.ts';

const bikes = [{ bikeId: 3 }, { bikeId: 5 }, { bikeId: 8 }] as Bike[];

describe('pickBike: the bike 电单车卫士 pages are about', () => {
  it('takes the one the address asks for first', () => {
    expect(pickBike(bikes, 8, 5)?.bikeId).toBe(8);
  });
  it('else the one chosen last on another page (the menus carry no query)', () => {
    expect(pickBike(bikes, 0, 5)?.bikeId).toBe(5);
  });
  it('else the first, also when what was asked or kept is no longer the user’s', () => {
    expect(pickBike(bikes, 0, 0)?.bikeId).toBe(3);
    expect(pickBike(bikes, 99, 42)?.bikeId).toBe(3);
  });
  it('has none without bikes', () => {
    expect(pickBike([], 5, 5)).toBeNull();
  });
});
