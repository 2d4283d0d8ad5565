import { createContext, useContext } from 'react';
import type { Alarm } from '@chelian/contracts';
import type { VehicleState } from './vehicleState.ts';

/** What a vehicle view reads of one vehicle from a live fleet. */
export interface SourcedVehicle {
  hasPosition: boolean;
  lon: number;
  lat: number;
  speed: number;
  course: number;
  gpsTime: number;
  mileage: number | null;
  acc: boolean | null;
  alarms: string[];
  online: boolean;
  state: VehicleState;
}

/**
 * A live fleet the vehicle views can lean on: the car app provides its own (live feed, one store),
 * so its dialog agrees with its tree and map; without one (the shell's dialog) the views poll.
 */
export interface VehicleSource {
  get(vehicleId: number): SourcedVehicle | undefined;
  /** changes, at the pace a person reads */
  subscribe(listener: (changed: ReadonlySet<number> | 'all') => void): () => void;
  /** handled alarms: the map and the lists drop the red at once, before the live feed says so */
  alarmsHandled(alarms: Alarm[], note: string): void;
}

export const VehicleSourceContext = createContext<VehicleSource | null>(null);

/** The enclosing live fleet, or null outside one. */
export function useVehicleSource(): VehicleSource | null {
  return useContext(VehicleSourceContext);
}
