import { useEffect, useMemo, useState } from 'react';
import { Select } from 'antd';
import { debounce } from '../../shared/utils/timing.ts';
import { carApi } from '../../car/api/carApi.ts';
import type { Vehicle } from '../../car/api/types.ts';
import { R } from '../messages.ts';

const label = (v: Pick<Vehicle, 'plate' | 'name' | 'terminalId'>) => `${v.plate || v.name}${v.terminalId ? `（${v.terminalId}）` : ''}`;

/** One vehicle, searched by plate, name or terminal id as the operator types. */
export function VehicleSearch({ value, accountId, onChange }: { value?: number; accountId?: number; onChange: (vehicleId?: number) => void }) {
  const [options, setOptions] = useState<Array<{ value: number; label: string }>>([]);
  const [loading, setLoading] = useState(false);

  const search = useMemo(
    () =>
      debounce((keyword: string) => {
        setLoading(true);
        carApi
          .vehicles({ keyword: keyword || undefined, accountId, current: 1, pageSize: 20 })
          .then((page) => setOptions(page.list.map((v) => ({ value: v.vehicleId, label: label(v) }))))
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
    carApi
      .vehicle(value)
      .then((v) => setOptions((list) => [{ value: v.vehicleId, label: label(v) }, ...list.filter((o) => o.value !== v.vehicleId)]))
      .catch(() => undefined);
  }, [value, options]);

  return (
    <Select
      showSearch={{ filterOption: false, onSearch: search }}
      allowClear
      style={{ width: 230 }}
      placeholder={R.filters.vehiclePlaceholder}
      value={value}
      options={options}
      loading={loading}
      onChange={(v?: number) => onChange(v ?? undefined)}
      data-testid="report-vehicle"
    />
  );
}
