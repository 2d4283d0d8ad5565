import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { postToShell } from '../../child/bridge/childBridge.ts';
import { useFleet } from '../fleet/FleetProvider.tsx';
import { touches, useFleetValue } from '../fleet/useFleetValue.ts';
import { focusOn } from '../../shared/map/camera.ts';
import { MapCommand } from '../../shared/map/MapCommand.tsx';
import { MapView } from '../../shared/map/MapView.tsx';
import { SelectedLayer } from '../map/layers/SelectedLayer.tsx';
import { FleetMapLayers } from '../map/FleetMapLayers.tsx';
import { useElementHeight } from '../ui/useElementHeight.ts';
import { ExpiredCount, SelectedExpired } from './ExpiredNotice.tsx';
import { LiveBadge } from './LiveBadge.tsx';
import { VehicleTree } from './VehicleTree.tsx';

/** 实时监控: the vehicle tree beside a map of the whole fleet, live. `?vehicleId=` opens one vehicle. */
export function MonitorPage() {
  const { store, loading } = useFleet();
  const [params] = useSearchParams();
  const [selected, setSelected] = useState<number | null>(null);
  const [focus, setFocus] = useState(0);
  const [treeBox, treeHeight] = useElementHeight<HTMLDivElement>();
  const v = selected ? store.get(selected) : undefined;

  const open = useCallback((vehicleId: number, fly: boolean) => {
    setSelected(vehicleId);
    if (fly) setFocus((n) => n + 1);
    postToShell('showVehInfo', { vehicleId: String(vehicleId), tab: '' });
  }, []);

  // Deep link: /car/monitor?vehicleId=… selects the vehicle and opens its dialog once the fleet is in.
  const linked = Number(params.get('vehicleId')) || null;
  useEffect(() => {
    if (linked && !loading && store.get(linked)) open(linked, true);
  }, [linked, loading, store, open]);

  return (
    <div className="car-page-full car-monitor" data-testid="car-monitor">
      <aside className="car-side" ref={treeBox}>
        <VehicleTree selectedId={selected} onSelect={(id) => open(id, true)} height={Math.max(200, treeHeight - 130)} />
      </aside>
      <MapView testId="car-map">
        {/* Once the fleet is in, an operator sees the fleet, not the whole country (unless a deep link picks a vehicle). */}
        <FleetMapLayers onSelect={(id) => open(id, false)} framed={!linked} />
        <SelectedHalo vehicleId={selected} />
        <MapCommand deps={[focus]} run={(map) => focus > 0 && v?.hasPosition && focusOn(map, v.lon, v.lat)} />
        <LiveBadge>
          <ExpiredCount />
        </LiveBadge>
        <SelectedExpired vehicleId={selected} />
      </MapView>
    </div>
  );
}

const samePoint = (a: [number, number] | null, b: [number, number] | null) => a === b || (!!a && !!b && a[0] === b[0] && a[1] === b[1]);

/** The halo follows the selected vehicle as it moves (re-read once a second, redrawn when it moved). */
function SelectedHalo({ vehicleId }: { vehicleId: number | null }) {
  const position = useFleetValue(
    (store) => {
      const v = vehicleId ? store.get(vehicleId) : undefined;
      return v?.hasPosition ? ([v.lon, v.lat] as [number, number]) : null;
    },
    samePoint,
    touches(vehicleId),
  );
  return <SelectedLayer position={position} />;
}
