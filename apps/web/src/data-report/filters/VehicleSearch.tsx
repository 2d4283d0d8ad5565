import { useEffect, useMemo, useState } from 'react';
import { Select } from 'antd';
import { debounce } from '../../shared/utils/timing.ts';
import { vehicleEndpoints, type Vehicle } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { R } from '../messages.ts';

type Option = { value: number; label: string; terminalId: string };
const option = (v: Pick<Vehicle, 'vehicleId' | 'plate' | 'name' | 'terminalId'>): Option => ({
  value: v.vehicleId,
  label: v.plate || v.name,
  terminalId: v.terminalId,
});

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
  const [options, setOptions] = useState<Option[]>([]);
  const [loading, setLoading] = useState(false);

  const search = useMemo(
    () =>
      debounce((keyword: string) => {
        setLoading(true);
        call(vehicleEndpoints.list, { keyword: keyword || undefined, accountId, current: 1, pageSize: 20 })
          .then((page) => setOptions(page.list.map(option)))
          .catch(() => setOptions([]))
          .finally(() => setLoading(false));
      }, 300),
    [accountId],
  );
  useEffect(() => {
    search('');
    return () => search.cancel();
  }, [search]);

  // A deep-linked vehicle shows its plate, not its id.
  useEffect(() => {
    if (value === undefined || options.some((o) => o.value === value)) return;
    call(vehicleEndpoints.detail, { vehicleId: value }, { silent: true })
      .then((v) => setOptions((list) => [option(v), ...list.filter((o) => o.value !== v.vehicleId)]))
      .catch(() => undefined);
  }, [value, options]);

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
      loading={loading}
      onChange={(v?: number) => onChange(v ?? undefined)}
      data-testid="report-vehicle"
    />
  );
}
