// The monitoring map's layer with a synthetic fleet, for bench/car-map.bench.ts: the same
// MapView, VehiclesLayer and FleetStore the car app uses, fed N vehicles that all move.
import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { FleetStore } from '../../apps/web/src/car/fleet/fleetStore.ts';
import { MapView } from '../../apps/web/src/shared/map/MapView.tsx';
import { VehiclesLayer } from '../../apps/web/src/car/map/layers/VehiclesLayer.tsx';
import type { LastPosition, Vehicle } from '../../apps/web/src/car/api/types.ts';
import '../../apps/web/src/car/car.css';

const params = new URLSearchParams(location.search);
const count = Number(params.get('vehicles') ?? 10_000);
const spread = Number(params.get('spread') ?? 8); // degrees around the centre
const center: [number, number] = [Number(params.get('lon') ?? 112), Number(params.get('lat') ?? 30)];
const zoom = Number(params.get('zoom') ?? 4);

let seed = 42;
const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;

const store = new FleetStore(1_000_000); // flushed by the bench, not by a timer
store.setVehicles(
  Array.from(
    { length: count },
    (_, i) =>
      ({
        vehicleId: i + 1,
        terminalId: String(13_800_000_000 + i),
        plate: `粤B${String(10000 + i)}`,
        name: '',
        groupId: null,
        accountId: 1,
        sim: '',
        online: true,
      }) as Vehicle,
  ),
);
const positions: LastPosition[] = Array.from({ length: count }, (_, i) => ({
  terminalId: String(13_800_000_000 + i),
  vehicleId: i + 1,
  plate: '',
  name: '',
  lat: center[1] + (rnd() - 0.5) * spread,
  lon: center[0] + (rnd() - 0.5) * spread * 1.3,
  speed: rnd() * 80,
  direction: Math.floor(rnd() * 360),
  altitude: 0,
  gpsTime: 1,
  valid: true,
  online: true,
  acc: true,
  mileage: 0,
  alarms: rnd() < 0.01 ? ['sos'] : [],
}));
store.applyPositions(positions);
store.flush();

let tick = 1;
/** Moves `n` vehicles a little (every 10 s in real life) and hands the batch to the map; returns the synchronous ms. */
function update(n: number): number {
  tick++;
  const batch = positions.slice(0, n).map((p) => {
    p.lat += (rnd() - 0.5) * 0.002;
    p.lon += (rnd() - 0.5) * 0.002;
    p.direction = (p.direction + 10) % 360;
    p.gpsTime = tick;
    return p;
  });
  const started = performance.now();
  store.applyPositions(batch);
  store.flush();
  return performance.now() - started;
}

declare global {
  interface Window {
    carBench: { update: typeof update; refreshOverlays: () => number; idle: () => Promise<void>; ready: boolean; features: () => number };
  }
}
const mapOf = () => (document.querySelector('.cl-map-canvas') as HTMLElement & { maplibre?: import('maplibre-gl').Map }).maplibre!;
window.carBench = {
  update,
  // what the layer does on a camera move and every 3 s while positions change: clusters and labels rebuilt
  refreshOverlays: () => {
    const started = performance.now();
    mapOf().fire('moveend');
    return performance.now() - started;
  },
  ready: false,
  idle: () =>
    new Promise<void>((resolve) =>
      mapOf().loaded() ? requestAnimationFrame(() => requestAnimationFrame(() => resolve())) : mapOf().once('idle', () => resolve()),
    ),
  // arrows drawn (not inside a cluster), anywhere in the buffer
  features: () => {
    const arrows = (
      mapOf().getLayer('car-vehicle-arrow') as unknown as { implementation: { vehicles: { count: number; hidden: Uint8Array } } }
    ).implementation.vehicles;
    let shown = 0;
    for (let i = 0; i < arrows.count; i++) if (!arrows.hidden[i]) shown++;
    return shown;
  },
};
createRoot(document.getElementById('app')!).render(
  <div style={{ height: '100%', display: 'flex' }}>
    <MapView center={center} zoom={zoom} testId="car-map">
      <VehiclesLayer store={store} />
      <Ready />
    </MapView>
  </div>,
);

function Ready() {
  useEffect(() => void mapOf().once('idle', () => (window.carBench.ready = true)), []);
  return null;
}
