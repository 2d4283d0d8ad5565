import { useSearchParams } from 'react-router';
import { M } from '../messages.ts';
import { FollowView } from '../../shared/vehicle/FollowView.tsx';
import { VehiclePicker } from './VehiclePicker.tsx';

/** 车辆跟踪 on a page of its own: /car/follow?vehicleId=… */
export function FollowPage() {
  const [params, setParams] = useSearchParams();
  const vehicleId = Number(params.get('vehicleId')) || null;
  return (
    <div className="car-page-full car-follow-page" data-testid="car-follow">
      <div className="cl-map-float car-follow-picker">
        <VehiclePicker value={vehicleId} onChange={(id) => setParams({ vehicleId: String(id) })} />
      </div>
      {vehicleId ? <FollowView key={vehicleId} vehicleId={vehicleId} /> : <div className="car-map-loading">{M.follow.pick}</div>}
    </div>
  );
}
