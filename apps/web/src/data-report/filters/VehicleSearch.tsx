import { useEffect, useMemo, useState } from 'react';
import { Select } from 'antd';
import { debounce } from '../../shared/utils/timing.ts';
import { vehicleEndpoints, type Vehicle } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { useLoaded, useWholeList } from '../../shared/list/useLoaded.ts';
import { R } from '../messages.ts';

type Option = { value: number; label: string; terminalId: string };
const option = (v: Pick<Vehicle, 'vehicleId' | 'plate' | 'name' | 'terminalId'>): Option => ({
  value: v.vehicleId,
  label: v.plate || v.name,
  terminalId: v.terminalId,
});

/** The first 20 vehicles matching what the operator typed. */
const searchVehicles = (filters: { keyword: string; accountId?: number }, quiet: boolean) =>
  call(
    vehicleEndpoints.list,
    { keyword: filters.keyword || undefined, accountId: filters.accountId, current: 1, pageSize: 20 },
    { silent: quiet },
  ).then((page) => page.list.map(option));

/** One vehicle, searched by plate, name or terminal id as the operator types. */
export function VehicleSearch({
  value,
  accountId,
  onChange,
}: {
  value?: number;
  accountId?: number;
  onChange: (vehicleId?: number) => void;
}) {
  const [keyword, setKeyword] = useState('');
  const search = useMemo(() => debounce(setKeyword, 300), []);
  useEffect(() => () => search.cancel(), [search]);
  const found = useLoaded(searchVehicles, { keyword, accountId }, { keepOnFailure: false });

  // A deep-linked vehicle shows its plate, not its id.
  const listed = found.rows.some((o) => o.value === value);
  const { data: linked } = useWholeList(
    vehicleEndpoints.detail,
    { vehicleId: value },
    { enabled: value !== undefined && !listed, silent: true },
  );
  const options = !listed && linked && linked.vehicleId === value ? [option(linked), ...found.rows] : found.rows;

  return (
    <Select
      showSearch={{ filterOption: false, onSearch: search }}
      allowClear
      style={{ width: 200 }}
      placeholder={R.filters.vehiclePlaceholder}
      value={value}
      options={options}
      optionRender={(o) => (
        <span>
          {o.data.label} <span className="report-option-sub">{o.data.terminalId}</span>
        </span>
      )}
      loading={found.loading}
      onChange={(v?: number) => onChange(v ?? undefined)}
      data-testid="report-vehicle"
    />
  );
}
