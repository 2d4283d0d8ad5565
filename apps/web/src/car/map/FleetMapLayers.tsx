import { useFleet } from '../fleet/FleetProvider.tsx';
import { fitPoints } from '../../shared/map/camera.ts';
import { MapCommand } from '../../shared/map/MapCommand.tsx';
import { VehiclesLayer } from './layers/VehiclesLayer.tsx';

/** Where the fleet's vehicles with a position stand. */
export function fleetPoints(vehicles: Iterable<{ hasPosition: boolean; lon: number; lat: number }>): Array<[number, number]> {
  const points: Array<[number, number]> = [];
  for (const v of vehicles) if (v.hasPosition) points.push([v.lon, v.lat]);
  return points;
}

/**
 * The whole fleet on a map, live (following the fleet's ticker, with the list), framed once it is in
 * unless `framed` is false; a click on a vehicle selects it.
 */
export function FleetMapLayers({ onSelect, framed = true }: { onSelect: (vehicleId: number) => void; framed?: boolean }) {
  const { store, ticker, loading } = useFleet();
  return (
    <>
      <VehiclesLayer store={store} changes={ticker} onSelect={onSelect} />
      <MapCommand deps={[loading, framed]} run={(map) => !loading && framed && fitPoints(map, fleetPoints(store.values()))} />
    </>
  );
}
