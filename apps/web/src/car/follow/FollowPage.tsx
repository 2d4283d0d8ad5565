import { Select } from 'antd';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useFleet, useFleetVersion } from '../fleet/FleetProvider.tsx';
import { M } from '../messages.ts';
import { FollowView } from './FollowView.tsx';

/** 车辆跟踪 on a page of its own: /car/follow?vehicleId=… */
export function FollowPage() {
  const [params, setParams] = useSearchParams();
  const vehicleId = Number(params.get('vehicleId')) || null;
  return (
    <div className="car-page-full car-follow-page" data-testid="car-follow">
      <div className="car-float car-follow-picker">
        <VehiclePicker value={vehicleId} onChange={(id) => setParams({ vehicleId: String(id) })} />
      </div>
      {vehicleId ? <FollowView key={vehicleId} vehicleId={vehicleId} /> : <div className="car-map-loading">{M.follow.pick}</div>}
    </div>
  );
}

/** A searchable vehicle select over the fleet (plate, name or terminal id). */
export function VehiclePicker({ value, onChange, width = 240 }: { value: number | null; onChange: (vehicleId: number) => void; width?: number }) {
  const { store } = useFleet();
  const version = useFleetVersion(10_000);
  const options = useMemo(
    () => [...store.values()].map((v) => ({ value: v.vehicleId, label: v.plate || v.name, search: `${v.plate} ${v.name} ${v.terminalId}` })),
    [store, version], // eslint-disable-line react-hooks/exhaustive-deps
  );
  return (
    <Select
      showSearch
      style={{ width }}
      placeholder={M.common.selectVehicle}
      value={value ?? undefined}
      options={options}
      optionFilterProp="search"
      onChange={(v: number) => onChange(v)}
      data-testid="vehicle-picker"
      virtual
    />
  );
}
