import { useState, type ReactNode } from 'react';
import { Select } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Alarm } from '@chelian/contracts';
import { AddressText } from '../address/AddressText.tsx';
import type { Paging } from '../ui/pagination.ts';
import { DayRange, lastDays, type Days } from '../ui/DayRange.tsx';
import { ListCard } from '../ui/ListCard.tsx';
import { usePagedLoad } from '../list/usePagedList.ts';
import { AlarmTime, alarmTypeTag } from './alarmColumns.tsx';
import { speedText } from '../format/speed.ts';

export interface AlarmLogQuery extends Paging, Days {
  /** the chosen alarm types, comma-separated; none chosen: all */
  types?: string;
}

export interface AlarmLogPage {
  total: number;
  current: number;
  pageSize: number;
  list: Alarm[];
}

interface Props<Q extends object> {
  title: string;
  /** alarm type → Chinese name, for the type filter */
  typeNames: Record<string, string>;
  /** asks the server for a page */
  load: (query: AlarmLogQuery & Q) => Promise<AlarmLogPage>;
  /** the values of the product's own filters (another bike chosen), sent with the query; a change goes back to page 1 */
  own?: Q;
  labels: { time: string; bike: string; type: string; speed: string; place: string; allTypes: string };
  /** the sub-product's own filters, before the type filter */
  filters?: ReactNode;
  /** columns after the place */
  extraColumns?: ColumnsType<Alarm>;
  tableTestId: string;
  children?: ReactNode;
}

const NONE = '—';

/**
 * A sub-product's 报警记录 card (电单车卫士, 新国标): its alarms by type and Beijing days, paged,
 * with time, vehicle, type, speed and place — the same columns and filters in each product.
 */
export function SubProductAlarmLog<Q extends object = object>({
  title,
  typeNames,
  load,
  own,
  labels,
  filters,
  extraColumns = [],
  tableTestId,
  children,
}: Props<Q>) {
  const [types, setTypes] = useState<string[]>([]);
  const [days, setDays] = useState<Days>(() => lastDays(7));
  const alarms = usePagedLoad<Q & Days & { types?: string }, Alarm, AlarmLogPage>(load, {
    ...(own as Q),
    ...days,
    types: types.join(',') || undefined,
  });

  return (
    <ListCard<Alarm>
      title={title}
      filters={
        <>
          {filters}
          <Select
            mode="multiple"
            allowClear
            maxTagCount={2}
            style={{ width: 280 }}
            placeholder={labels.allTypes}
            value={types}
            onChange={setTypes}
            options={Object.entries(typeNames).map(([value, label]) => ({ value, label }))}
          />
          <DayRange value={days} onChange={setDays} />
        </>
      }
      list={alarms}
      rowKey="alarmId"
      size="small"
      table={{ 'data-testid': tableTestId }}
      columns={[
        { title: labels.time, dataIndex: 'alarmTime', width: 210, render: (_: number, a) => <AlarmTime alarm={a} /> },
        { title: labels.bike, key: 'bike', width: 150, render: (_, a) => a.plate || a.name || a.terminalId },
        {
          title: labels.type,
          dataIndex: 'typeName',
          width: 160,
          render: (_: string, a) => alarmTypeTag(a),
        },
        { title: labels.speed, dataIndex: 'speed', width: 110, render: (s: number | null) => (s === null ? NONE : speedText(s)) },
        {
          title: labels.place,
          key: 'place',
          width: 300,
          render: (_, a) =>
            a.lat !== null && a.lon !== null ? <AddressText point={{ lat: a.lat, lon: a.lon, mac: a.terminalId }} /> : NONE,
        },
        ...extraColumns,
      ]}
    >
      {children}
    </ListCard>
  );
}
