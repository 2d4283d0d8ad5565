import { describe, expect, it } from 'vitest';
import { PET_ZONE_MAX_RADIUS_M, PET_ZONE_MIN_RADIUS_M, type PetZone } from '@chelian/contracts';
import { draftOf, formOf, newDraft, RADIUS_SLIDER } from './zoneDraft.ts';

const zone = (over: Partial<PetZone>): PetZone => ({
  zoneId: 7,
  petId: 3,
  name: '家',
  kind: 'circle',
  kindName: '圆形',
  lon: 120.15,
  lat: 30.27,
  radiusMeters: 150,
  points: [],
  alarmExit: true,
  alarmEnter: false,
  inside: true,
  ...over,
});

describe('a safe zone drawn on the phone', () => {
  it('starts round the pet, named 家 when it is the first, alarming on exit', () => {
    expect(newDraft([120.1, 30.2], 0)).toEqual({
      zoneId: null,
      name: '家',
      lon: 120.1,
      lat: 30.2,
      radiusMeters: 100,
      alarmExit: true,
      alarmEnter: false,
    });
    expect(newDraft([120.1, 30.2], 2).name).toBe('');
  });

  it('edits a saved circle, not a polygon', () => {
    expect(draftOf(zone({}))).toMatchObject({ zoneId: 7, radiusMeters: 150 });
    expect(draftOf(zone({ kind: 'polygon', lon: null, lat: null, radiusMeters: null, points: [[1, 2]] }))).toBeNull();
  });

  it('sends a circle form, with the zone id only when editing and the name trimmed', () => {
    const added = formOf(3, { ...newDraft([120.1, 30.2], 0), name: ' 家 ' });
    expect(added).toEqual({
      petId: 3,
      name: '家',
      kind: 'circle',
      lon: 120.1,
      lat: 30.2,
      radiusMeters: 100,
      alarmExit: true,
      alarmEnter: false,
    });
    expect(formOf(3, draftOf(zone({}))!).zoneId).toBe(7);
  });

  it('keeps the slider inside the contract bounds', () => {
    expect(RADIUS_SLIDER.min).toBe(PET_ZONE_MIN_RADIUS_M);
    expect(RADIUS_SLIDER.max).toBeLessThanOrEqual(PET_ZONE_MAX_RADIUS_M);
  });
});
