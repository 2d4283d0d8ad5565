import { useEffect, useState, type ReactNode } from 'react';
import { Select, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Alarm } from '@chelian/contracts';
import { AddressText } from '../address/AddressText.tsx';
import { pagerOf, type Paging } from '../ui/pagination.ts';
import { DayRange, lastDays, type Days } from '../ui/DayRange.tsx';
import { wideTable } from '../ui/wideTable.ts';
import { AlarmTime } from './alarmColumns.tsx';

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

interface Props {
  title: string;
  /** alarm type → Chinese name, for the type filter */
  typeNames: Record<string, string>;
  /** types shown red (the rest orange) */
  urgent: ReadonlySet<string>;
  /** asks the server for a page; a new function (another bike chosen) goes back to page 1 */
  load: (query: AlarmLogQuery) => Promise<AlarmLogPage>;
  labels: { time: string; bike: string; type: string; speed: string; place: string; allTypes: string };
  /** the sub-product's own filters, before the type filter */
  filters?: ReactNode;
  /** columns after the place */
  extraColumns?: ColumnsType<Alarm>;
  tableTestId: string;
  children?: ReactNode;
}

const EMPTY: AlarmLogPage = { total: 0, current: 1, pageSize: 20, list: [] };
const NONE = '—';

/**
 * A sub-product's 报警记录 card (电单车卫士, 新国标): its alarms by type and Beijing days, paged,
 * with time, vehicle, type, speed and place — the same columns and filters in each product.
 */
export function SubProductAlarmLog({ title, typeNames, urgent, load, labels, filters, extraColumns = [], tableTestId, children }: Props) {
  const [types, setTypes] = useState<string[]>([]);
  const [days, setDays] = useState<Days>(() => lastDays(7));
  const [paging, setPaging] = useState<Paging>({ current: 1, pageSize: 20 });
  const [page, setPage] = useState(EMPTY);
  const [loading, setLoading] = useState(true);
  const [loadSeen, setLoadSeen] = useState(() => load);
  if (loadSeen !== load) {
    setLoadSeen(() => load);
    setPaging((p) => ({ ...p, current: 1 }));
  }
  useEffect(() => {
    setLoading(true);
    load({ ...paging, ...days, types: types.join(',') || undefined })
      .then(setPage, () => setPage(EMPTY))
      .finally(() => setLoading(false));
  }, [load, paging, days, types]);
  const first = () => setPaging((p) => ({ ...p, current: 1 }));

  return (
    <section className="sp-card">
      <div className="sp-toolbar">
        <span className="sp-title">{title}</span>
        {filters}
        <Select mode="multiple" allowClear maxTagCount={2} style={{ width: 280 }} placeholder={labels.allTypes} value={types} onChange={(v) => (setTypes(v), first())}
          options={Object.entries(typeNames).map(([value, label]) => ({ value, label }))} />
        <DayRange value={days} onChange={(d) => (setDays(d), first())} />
      </div>
      <Table<Alarm>
        rowKey="alarmId" size="small" loading={loading} dataSource={page.list} pagination={pagerOf(page, paging, setPaging)} data-testid={tableTestId}
        {...wideTable<Alarm>([
          { title: labels.time, dataIndex: 'alarmTime', width: 210, render: (_: number, a) => <AlarmTime alarm={a} /> },
          { title: labels.bike, key: 'bike', width: 150, render: (_, a) => a.plate || a.name || a.terminalId },
          { title: labels.type, dataIndex: 'typeName', width: 160, render: (name: string, a) => <Tag color={urgent.has(a.type) ? 'red' : 'orange'}>{name}</Tag> },
          { title: labels.speed, dataIndex: 'speed', width: 110, render: (s: number | null) => (s === null ? NONE : Math.round(s)) },
          { title: labels.place, key: 'place', width: 300, render: (_, a) => (a.lat !== null && a.lon !== null ? <AddressText point={{ lat: a.lat, lon: a.lon, mac: a.terminalId }} /> : NONE) },
          ...extraColumns,
        ])}
      />
      {children}
    </section>
  );
}
