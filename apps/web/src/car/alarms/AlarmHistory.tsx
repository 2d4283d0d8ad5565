import { useCallback, useEffect, useState } from 'react';
import { Button, DatePicker, Input, Select, Table } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { beijingPickerValue, beijingToday, pickedInstant } from '../../shared/format/beijingTime.ts';
import { Permission } from '../../shared/permission/Permission.tsx';
import { alarmEndpoints } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import type { Alarm, AlarmControl, Page } from '@chelian/contracts';
import { M } from '../messages.ts';
import { ActionLink, alarmColumns } from '../../shared/alarms/alarmColumns.tsx';
import { ProcessAlarmModal } from '../../shared/alarms/ProcessAlarmModal.tsx';
import { AlarmDeliveryDrawer } from './AlarmDeliveryDrawer.tsx';
import { T } from '../../shared/i18n/messages.ts';
import { pagerOf } from '../../shared/ui/pagination.ts';
import { wideTable } from '../../shared/ui/wideTable.ts';

interface Filters {
  range: [Dayjs, Dayjs];
  types: string[];
  handled: 'all' | 'true' | 'false';
  keyword: string;
}

/** 历史报警 with filters: time range, types, handled or not, plate or terminal id; `vehicleId` narrows to one vehicle. */
export function AlarmHistory({ vehicleId, controls }: { vehicleId: number | null; controls: AlarmControl[] }) {
  const [filters, setFilters] = useState<Filters>({
    range: [beijingToday().subtract(7, 'day'), beijingPickerValue()],
    types: [],
    handled: 'all',
    keyword: '',
  });
  const [applied, setApplied] = useState(filters);
  const [paging, setPaging] = useState({ current: 1, pageSize: 10 });
  const [page, setPage] = useState<Page<Alarm>>({ total: 0, current: 1, pageSize: 10, list: [] });
  const [loading, setLoading] = useState(false);
  const [processing, setProcessing] = useState<Alarm[]>([]);
  const [detail, setDetail] = useState<Alarm | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setPage(
        await call(alarmEndpoints.history, {
          ...paging,
          vehicleId: vehicleId ?? undefined,
          start: pickedInstant(applied.range[0]),
          end: pickedInstant(applied.range[1]),
          types: applied.types.join(',') || undefined,
          handled: applied.handled === 'all' ? undefined : applied.handled === 'true',
          keyword: applied.keyword || undefined,
        }),
      );
    } catch {
      /* shown by the request layer */
    } finally {
      setLoading(false);
    }
  }, [paging, applied, vehicleId]);
  useEffect(() => void load(), [load]);

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
    <div data-testid="alarm-history" data-total={page.total}>
      <div className="car-toolbar">
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
        <Button
          type="primary"
          icon={<SearchOutlined />}
          onClick={() => (setApplied(filters), setPaging({ ...paging, current: 1 }))}
          data-testid="alarm-history-search"
        >
          {M.common.search}
        </Button>
      </div>
      <Table
        rowKey="alarmId"
        size="middle"
        loading={loading}
        {...wideTable(columns)}
        dataSource={page.list}
        pagination={pagerOf(page, paging, setPaging)}
      />
      <ProcessAlarmModal alarms={processing} onClose={() => setProcessing([])} onDone={() => (setProcessing([]), void load())} />
      <AlarmDeliveryDrawer alarm={detail} onClose={() => setDetail(null)} />
    </div>
  );
}
