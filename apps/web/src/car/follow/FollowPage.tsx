import { useSearchParams } from 'react-router';
import { M } from '../messages.ts';
import { FollowView } from '../../shared/vehicle/FollowView.tsx';
import { VehiclePicker } from './VehiclePicker.tsx';
import { MapView } from '../../shared/map/MapView.tsx';
import { FleetMapLayers } from '../map/FleetMapLayers.tsx';

/** 车辆跟踪 on a page of its own: /car/follow?vehicleId=… */
export function FollowPage() {
  const [params, setParams] = useSearchParams();
  const vehicleId = Number(params.get('vehicleId')) || null;
  return (
    <div className="car-page-full car-follow-page" data-testid="car-follow">
      <div className="cl-map-float car-follow-picker">
        <VehiclePicker value={vehicleId} onChange={(id) => setParams({ vehicleId: String(id) })} />
      </div>
      {vehicleId ? (
        <FollowView key={vehicleId} vehicleId={vehicleId} />
      ) : (
        // none picked yet: the fleet, a click on one follows it
        <MapView testId="car-follow-fleet">
          <FleetMapLayers onSelect={(id) => setParams({ vehicleId: String(id) })} />
          <div className="cl-map-float car-follow-hint">{M.follow.pickHint}</div>
        </MapView>
      )}
    </div>
  );
}
