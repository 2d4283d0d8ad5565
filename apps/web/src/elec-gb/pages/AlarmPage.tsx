import { useEffect, useState } from 'react';
import { Select, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { GB_ALARM_NAMES, elecGbEndpoints, type Alarm } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { AddressText } from '../../shared/address/AddressText.tsx';
import { pagerOf } from '../../shared/ui/pagination.ts';
import { DayRange, lastDays, type Days } from '../../shared/ui/DayRange.tsx';
import { G } from '../messages.ts';

const A = G.alarm;
const EMPTY = { total: 0, current: 1, pageSize: 20, list: [] as Alarm[] };
const URGENT = new Set(['batteryOverTemp', 'batteryOverVoltage', 'batteryMismatch', 'gbOverspeed']);

/** 报警记录: the GB alarms of registered bikes, by type and Beijing days (also in the platform's alarm centre). */
export function AlarmPage() {
  const [types, setTypes] = useState<string[]>([]);
  const [days, setDays] = useState<Days>(() => lastDays(7));
  const [paging, setPaging] = useState({ current: 1, pageSize: 20 });
  const [page, setPage] = useState(EMPTY);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    setLoading(true);
    call(elecGbEndpoints.alarms, { ...paging, ...days, types: types.join(',') || undefined }).then(setPage, () => setPage(EMPTY)).finally(() => setLoading(false));
  }, [paging, days, types]);
  const first = () => setPaging((p) => ({ ...p, current: 1 }));
  return (
    <div className="gb-page" data-testid="gb-alarm">
      <section className="gb-card">
        <div className="gb-toolbar">
          <span className="gb-title">{A.title}</span>
          <Select mode="multiple" allowClear maxTagCount={2} style={{ width: 280 }} placeholder={A.allTypes} value={types} onChange={(v) => (setTypes(v), first())}
            options={Object.entries(GB_ALARM_NAMES).map(([value, label]) => ({ value, label }))} />
          <DayRange value={days} onChange={(d) => (setDays(d), first())} />
        </div>
        <Table<Alarm>
          rowKey="alarmId" size="small" loading={loading} dataSource={page.list} pagination={pagerOf(page, paging, setPaging)} data-testid="gb-alarm-table"
          columns={[
            { title: A.time, dataIndex: 'alarmTime', width: 160, render: (at: number) => dayjs(at).format('YYYY-MM-DD HH:mm:ss') },
            { title: A.bike, key: 'bike', width: 170, render: (_, a) => a.plate || a.name || a.terminalId },
            { title: A.type, dataIndex: 'typeName', width: 160, render: (name: string, a) => <Tag color={URGENT.has(a.type) ? 'red' : 'orange'}>{name}</Tag> },
            { title: A.speed, dataIndex: 'speed', width: 90, render: (v: number | null) => (v === null ? G.common.none : `${v} km/h`) },
            { title: A.place, key: 'place', render: (_, a) => (a.lat !== null && a.lon !== null ? <AddressText point={{ lat: a.lat, lon: a.lon, mac: a.terminalId }} /> : G.common.none) },
            { title: A.handled, dataIndex: 'handled', width: 80, render: (h: boolean) => (h ? <Tag color="green">已处理</Tag> : <Tag>未处理</Tag>) },
          ]}
        />
        <div className="gb-muted" style={{ marginTop: 8 }}>{A.thresholds}</div>
      </section>
    </div>
  );
}
