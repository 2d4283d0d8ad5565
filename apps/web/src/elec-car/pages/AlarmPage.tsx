import { useEffect, useState } from 'react';
import { Select, Switch, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { ELEC_CAR_ALARM_NAMES, elecCarEndpoints, type Alarm, type AlarmSwitch } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { AddressText } from '../../shared/address/AddressText.tsx';
import { usePermission } from '../../shared/permission/usePermission.ts';
import { pagerOf } from '../../shared/ui/pagination.ts';
import { useBikes } from '../useBikes.ts';
import { bikeLabel } from '../BikePicker.tsx';
import { DayRange, lastDays, type Days } from '../../shared/ui/DayRange.tsx';
import { E } from '../messages.ts';

const A = E.alarm;
const URGENT = new Set(['displacement', 'powerCut', 'vibration', 'accOnWhileArmed', 'tamper', 'fallDown']);
const EMPTY = { total: 0, current: 1, pageSize: 20, list: [] as Alarm[] };

function Switches() {
  const [switches, setSwitches] = useState<AlarmSwitch[]>([]);
  const canEdit = usePermission('elecCar:alarm:edit');
  useEffect(() => void call(elecCarEndpoints.alarmSwitches).then(setSwitches, () => {}), []);
  const save = (alarmType: string, push: boolean) => call(elecCarEndpoints.saveAlarmSwitch, { alarmType, push }).then(setSwitches, () => {});
  return (
    <section className="ec-card">
      <div className="ec-toolbar"><span className="ec-title">{A.switches}</span><span className="ec-muted">{A.switchesHelp}</span></div>
      <div className="ec-switches" data-testid="ec-alarm-switches">
        {switches.map((s) => (
          <label className="ec-switch" key={s.alarmType}>
            <span>{s.alarmName}</span>
            <Switch size="small" checked={s.push} disabled={!canEdit} onChange={(on) => void save(s.alarmType, on)} />
          </label>
        ))}
      </div>
    </section>
  );
}

/** 报警记录: the e-bikes' alarms (all bikes or one, by type and days) and the per-type push switches. */
export function AlarmPage() {
  const { bikes } = useBikes();
  const [bikeId, setBikeId] = useState<number | undefined>();
  const [types, setTypes] = useState<string[]>([]);
  const [days, setDays] = useState<Days>(() => lastDays(7));
  const [paging, setPaging] = useState({ current: 1, pageSize: 20 });
  const [page, setPage] = useState(EMPTY);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    setLoading(true);
    call(elecCarEndpoints.alarms, { ...paging, ...days, bikeId, types: types.join(',') || undefined })
      .then(setPage, () => setPage(EMPTY))
      .finally(() => setLoading(false));
  }, [paging, days, bikeId, types]);
  const first = () => setPaging((p) => ({ ...p, current: 1 }));

  return (
    <div className="ec-page" data-testid="ec-alarm">
      <section className="ec-card">
        <div className="ec-toolbar">
          <span className="ec-title">{A.title}</span>
          <Select allowClear style={{ width: 180 }} placeholder={E.common.allBikes} value={bikeId} onChange={(v) => (setBikeId(v), first())}
            options={bikes.map((b) => ({ value: b.bikeId, label: bikeLabel(b) }))} />
          <Select mode="multiple" allowClear maxTagCount={2} style={{ width: 260 }} placeholder={A.allTypes} value={types} onChange={(v) => (setTypes(v), first())}
            options={Object.entries(ELEC_CAR_ALARM_NAMES).map(([value, label]) => ({ value, label }))} />
          <DayRange value={days} onChange={(d) => (setDays(d), first())} />
        </div>
        <Table<Alarm>
          rowKey="alarmId" size="small" loading={loading} dataSource={page.list} pagination={pagerOf(page, paging, setPaging)} data-testid="ec-alarm-table"
          columns={[
            { title: A.time, dataIndex: 'alarmTime', width: 160, render: (at: number) => dayjs(at).format('YYYY-MM-DD HH:mm:ss') },
            { title: A.plate, key: 'plate', width: 140, render: (_, a) => a.plate || a.name || a.terminalId },
            { title: A.type, dataIndex: 'typeName', width: 160, render: (name: string, a) => <Tag color={URGENT.has(a.type) ? 'red' : 'orange'}>{name}</Tag> },
            { title: A.speed, dataIndex: 'speed', width: 110, render: (s: number | null) => (s === null ? '—' : Math.round(s)) },
            { title: E.status.position, key: 'pos', render: (_, a) => (a.lat !== null && a.lon !== null ? <AddressText point={{ lat: a.lat, lon: a.lon, mac: a.terminalId }} /> : '—') },
          ]}
        />
      </section>
      <Switches />
    </div>
  );
}
