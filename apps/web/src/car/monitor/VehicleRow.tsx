import { memo } from 'react';
import type { FleetVehicle } from '../fleet/fleetStore.ts';
import { touches, useFleetValue } from '../fleet/useFleetValue.ts';
import { STATE_COLORS, type VehicleState } from '../../shared/vehicle/vehicleState.ts';
import { M } from '../messages.ts';

interface RowStatus {
  state: VehicleState;
  text: string;
  expired: boolean;
}

function statusOf(v: FleetVehicle | undefined): RowStatus {
  if (!v) return { state: 'offline', text: M.state.noPosition, expired: false };
  if (v.serviceExpired) return { state: v.state, text: M.state.expired, expired: true };
  return {
    state: v.state,
    text: v.state === 'moving' ? `${Math.round(v.speed)} ${M.common.kmh}` : v.hasPosition ? M.state[v.state] : M.state.noPosition,
    expired: false,
  };
}
const sameStatus = (a: RowStatus, b: RowStatus) => a.state === b.state && a.text === b.text;

/** One vehicle's row in the tree: redrawn only when what it shows (state, rounded speed) changed, at most once a second. */
export const VehicleRow = memo(function VehicleRow({ vehicleId, plate }: { vehicleId: number; plate: string }) {
  const status = useFleetValue((store) => statusOf(store.get(vehicleId)), sameStatus, touches(vehicleId));
  return (
    <span
      className="car-tree-vehicle"
      data-testid="tree-vehicle"
      data-vehicle-id={vehicleId}
      data-state={status.state}
      data-expired={status.expired || undefined}
    >
      <i className="vh-dot" style={{ background: STATE_COLORS[status.state] }} />
      <b>{plate}</b>
      <small className={status.expired ? 'car-tree-expired' : undefined} title={status.expired ? M.monitor.expiredHint : undefined}>
        {status.text}
      </small>
    </span>
  );
});
