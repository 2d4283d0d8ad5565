import { useMemo } from 'react';
import { Select } from 'antd';
import { vehicleEndpoints, type Vehicle } from '@chelian/contracts';
import { useWholeList } from '../../shared/list/useLoaded.ts';
import { useFleet } from '../fleet/FleetProvider.tsx';
import { rosterChanged, useFleetValue } from '../fleet/useFleetValue.ts';
import { M } from '../messages.ts';

type Named = Pick<Vehicle, 'vehicleId' | 'plate' | 'name' | 'terminalId'>;
const option = (v: Named) => ({ value: v.vehicleId, label: v.plate || v.name, search: `${v.plate} ${v.name} ${v.terminalId}` });

/**
 * A searchable vehicle select over the fleet (plate, name or terminal id). Its options follow the
 * fleet's vehicles, not their positions; the chosen vehicle is named at once, fetched alone while
 * the fleet (10 000 vehicles take seconds) is still loading.
 */
export function VehiclePicker({
  value,
  onChange,
  width = 240,
}: {
  value: number | null;
  onChange: (vehicleId: number) => void;
  width?: number;
}) {
  const { store } = useFleet();
  const roster = useFleetValue((s) => s.rosterVersion, Object.is, rosterChanged);
  const known = value !== null && store.get(value) !== undefined;
  // Quiet, as a name is not worth a toast; the last one fetched stays an option (a failure keeps it too).
  const { data: fetched } = useWholeList(vehicleEndpoints.detail, value === null ? undefined : { vehicleId: value }, {
    silent: true,
    enabled: value !== null && !known,
  });

  const options = useMemo(() => {
    const list = [...store.values()].map(option);
    return fetched && !store.get(fetched.vehicleId) ? [option(fetched), ...list] : list;
  }, [store, roster, fetched]); // eslint-disable-line react-hooks/exhaustive-deps

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
