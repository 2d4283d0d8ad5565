import { useState } from 'react';
import { Button, DatePicker, Input, Select } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { beijingPickerValue, beijingToday, pickedInstant } from '../../shared/format/beijingTime.ts';
import { Permission } from '../../shared/permission/Permission.tsx';
import { alarmEndpoints } from '@chelian/contracts';
import type { Alarm, AlarmControl } from '@chelian/contracts';
import { usePagedList, type FiltersOf } from '../../shared/list/usePagedList.ts';
import { filterKey } from '../../shared/list/listLoader.ts';
import { M } from '../messages.ts';
import { ActionLink, alarmColumns } from '../../shared/alarms/alarmColumns.tsx';
import { ProcessAlarmModal } from '../../shared/alarms/ProcessAlarmModal.tsx';
import { AlarmDeliveryDrawer } from './AlarmDeliveryDrawer.tsx';
import { T } from '../../shared/i18n/messages.ts';
import { ListCard } from '../../shared/ui/ListCard.tsx';

interface Filters {
  range: [Dayjs, Dayjs];
  types: string[];
  handled: 'all' | 'true' | 'false';
  keyword: string;
}

/** What the server is asked for the filters on screen. */
const queryOf = (f: Filters, vehicleId: number | null): FiltersOf<typeof alarmEndpoints.history> => ({
  vehicleId: vehicleId ?? undefined,
  start: pickedInstant(f.range[0]),
  end: pickedInstant(f.range[1]),
  types: f.types.join(',') || undefined,
  handled: f.handled === 'all' ? undefined : f.handled === 'true',
  keyword: f.keyword || undefined,
});

/** 历史报警 with filters: time range, types, handled or not, plate or terminal id; `vehicleId` narrows to one vehicle. */
export function AlarmHistory({ vehicleId, controls }: { vehicleId: number | null; controls: AlarmControl[] }) {
  const [filters, setFilters] = useState<Filters>({
    range: [beijingToday().subtract(7, 'day'), beijingPickerValue()],
    types: [],
    handled: 'all',
    keyword: '',
  });
  const [applied, setApplied] = useState(filters);
  const [processing, setProcessing] = useState<Alarm[]>([]);
  const [detail, setDetail] = useState<Alarm | null>(null);

  const list = usePagedList(alarmEndpoints.history, queryOf(applied, vehicleId));
  const load = list.reload;
  /** 查询 always asks again from page 1, even for the filters already applied */
  const search = () => {
    if (filterKey(queryOf(filters, vehicleId)) !== filterKey(queryOf(applied, vehicleId))) setApplied(filters);
    else if (list.paging.current !== 1) list.setPaging({ ...list.paging, current: 1 });
    else void load();
  };

  const columns = alarmColumns(
    (a) => (
      <>
        {!a.handled && (
          <Permission code="car:alarm:process">
            <ActionLink onClick={() => setProcessing([a])}>{M.alarm.process}</ActionLink>
          </Permission>
        )}
        <ActionLink testId="alarm-deliveries" onClick={() => setDetail(a)}>
          {T.center.alarmPush.log.title}
        </ActionLink>
      </>
    ),
    true,
  );

  return (
    <div data-testid="alarm-history" data-total={list.total}>
      <ListCard<Alarm>
        bare
        filters={
          <>
            <DatePicker.RangePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              allowClear={false}
              value={filters.range}
              onChange={(v) => v?.[0] && v[1] && setFilters({ ...filters, range: [v[0], v[1]] })}
            />
            <Select
              mode="multiple"
              allowClear
              maxTagCount={2}
              placeholder={M.alarm.allTypes}
              style={{ minWidth: 220 }}
              value={filters.types}
              options={controls.map((c) => ({ value: c.alarmType, label: c.alarmName }))}
              onChange={(types) => setFilters({ ...filters, types })}
              optionFilterProp="label"
            />
            <Select
              style={{ width: 110 }}
              value={filters.handled}
              onChange={(handled) => setFilters({ ...filters, handled })}
              options={[
                { value: 'all', label: M.state.all },
                { value: 'false', label: M.alarm.unprocessed },
                { value: 'true', label: M.alarm.processed },
              ]}
            />
            <Input
              allowClear
              style={{ width: 180 }}
              placeholder={M.alarm.keyword}
              value={filters.keyword}
              onChange={(e) => setFilters({ ...filters, keyword: e.target.value })}
            />
          </>
        }
        actions={
          <Button type="primary" icon={<SearchOutlined />} onClick={search} data-testid="alarm-history-search">
            {M.common.search}
          </Button>
        }
        list={list}
        rowKey="alarmId"
        columns={columns}
      />
      <ProcessAlarmModal alarms={processing} onClose={() => setProcessing([])} onDone={() => (setProcessing([]), void load())} />
      <AlarmDeliveryDrawer alarm={detail} onClose={() => setDetail(null)} />
    </div>
  );
}
