import { Badge, Select } from 'antd';
import type { Bike } from '@chelian/contracts';
import { E } from './messages.ts';

export const bikeLabel = (b: Pick<Bike, 'plate' | 'name' | 'terminalId'>) => b.plate || b.name || b.terminalId;

/** Which bike the page is about, with whether it is online. */
export function BikePicker({ bikes, value, onChange }: { bikes: Bike[]; value: number | undefined; onChange: (bikeId: number) => void }) {
  return (
    <Select
      showSearch
      style={{ width: 220 }}
      placeholder={E.common.pickBike}
      value={value}
      onChange={onChange}
      optionFilterProp="label"
      data-testid="bike-picker"
      options={bikes.map((b) => ({
        value: b.bikeId,
        label: `${bikeLabel(b)} ${b.brand}`,
        title: bikeLabel(b),
      }))}
      optionRender={(o) => {
        const b = bikes.find((x) => x.bikeId === o.value)!;
        return (
          <span>
            <Badge status={b.status.online ? 'success' : 'default'} /> {bikeLabel(b)}{' '}
            <span className="sp-muted">
              {b.brand} {b.model}
            </span>
          </span>
        );
      }}
    />
  );
}
