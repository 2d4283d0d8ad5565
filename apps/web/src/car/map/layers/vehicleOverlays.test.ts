import { describe, expect, it } from 'vitest';
import type { Vehicle } from '../../api/types.ts';
import { FleetStore } from '../../fleet/fleetStore.ts';
import { VehicleBuffer } from './vehicleBuffer.ts';
import { labelFeatures } from './vehicleOverlays.ts';

const vehicle = (vehicleId: number, plate: string) => ({ vehicleId, terminalId: String(vehicleId), plate, name: '', groupId: null, accountId: 1, sim: '', online: true }) as Vehicle;

describe('plate labels', () => {
  const store = new FleetStore(0);
  store.setVehicles([vehicle(1, '粤B00001'), vehicle(2, '粤B00002'), vehicle(3, '粤B00003'), vehicle(4, '沪A00004')]);
  const b = new VehicleBuffer(8);
  b.set(1, 114.05, 22.55, 0, 'moving');
  b.set(2, 114.05001, 22.55, 0, 'moving'); // a metre away: the same label cell as 1
  b.set(3, 114.06, 22.54, 0, 'stopped');
  b.set(4, 121.47, 31.23, 0, 'moving'); // Shanghai, out of view
  const view = { west: 114.0, east: 114.1, north: 22.6, south: 22.5, worldSize: 512 * 2 ** 14 };
  const plates = () => labelFeatures(b, store, view).map((f) => f.properties!.plate);

  it('labels the shown vehicles in view, one per label-sized cell', () => {
    expect(plates()).toEqual(['粤B00001', '粤B00003']);
  });

  it('leaves out vehicles hidden inside a cluster', () => {
    b.setHidden(b.slotOf(1)!, true);
    expect(plates()).toEqual(['粤B00002', '粤B00003']);
  });
});
