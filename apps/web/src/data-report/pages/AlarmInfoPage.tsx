import { useEffect, useMemo, useState } from 'react';
import { Select, Space, Table, Tabs, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { REPORT_EXPORT_TYPES, reportEndpoints, type AlarmPage, type AlarmStatisticsPage, type AlarmVehicleCount } from '@chelian/contracts';
import { ActionLink, alarmColumns } from '../../shared/alarms/alarmColumns.tsx';
import { systemEndpoints } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { playbackUrl } from '../../shared/links/carLinks.ts';
import { ExportButton, ReportFilterBar } from '../filters/ReportFilterBar.tsx';
import { useReportFilters } from '../filters/useReportFilters.ts';
import { R } from '../messages.ts';
import { useReportData, useReportExport } from '../useReport.ts';
import { ReportPage } from './ReportPage.tsx';
import { pagerOf } from '../../shared/ui/pagination.ts';
import { wideTable } from '../../shared/ui/wideTable.ts';

const A = R.alarm;
const EMPTY_STATS: AlarmStatisticsPage = { total: 0, current: 1, pageSize: 10, list: [], totals: { total: 0, types: [] } };
const EMPTY_LIST: AlarmPage = { total: 0, current: 1, pageSize: 10, list: [] };
const AROUND_MS = 10 * 60_000;

const statColumns: ColumnsType<AlarmVehicleCount> = [
  { title: R.common.plate, dataIndex: 'plate', width: 120, render: (p: string, r) => p || r.name },
  { title: R.common.terminal, dataIndex: 'terminalId', width: 150 },
  { title: R.common.group, dataIndex: 'groupName', width: 120, render: (g: string) => g || R.common.none },
  { title: A.total, dataIndex: 'total', width: 100, align: 'right', render: (n: number) => <b>{n}</b> },
  { title: A.byType, key: 'types', render: (_: unknown, r) => <Space size={[4, 4]} wrap>{r.types.map((t) => <Tag key={t.type} color="orange">{`${t.typeName} ${t.count}`}</Tag>)}</Space> },
];

// The car app's alarm columns; the operation opens the track around the alarm.
const listColumns = alarmColumns(
  (a) => a.vehicleId !== null && <ActionLink onClick={() => window.open(playbackUrl(a.vehicleId!, { start: a.alarmTime - AROUND_MS, end: a.alarmTime + AROUND_MS }), '_blank')}>{R.common.playback}</ActionLink>,
  false,
);

/** 报警明细 (alarmInfo): alarm counts by type per vehicle, and the alarms themselves (`?vehicleId=12` opens on one vehicle). */
export function AlarmInfoPage() {
  const f = useReportFilters();
  // Every alarm type from the dictionary (the account's alarm settings need a permission of their own).
  const [alarmTypes, setAlarmTypes] = useState<Array<{ value: string; label: string }>>([]);
  useEffect(() => {
    call(systemEndpoints.dictionary, { type: 'alarmType' }, { silent: true }).then((d) => setAlarmTypes(d.alarmType ?? [])).catch(() => setAlarmTypes([]));
  }, []);
  const [types, setTypes] = useState<string[]>([]);
  const [appliedTypes, setAppliedTypes] = useState<string[]>([]);
  const [listPaging, setListPaging] = useState({ current: 1, pageSize: 10 });
  const stats = useReportData(reportEndpoints.alarmStatistics, f.query, EMPTY_STATS);
  const listQuery = useMemo(() => ({ ...f.query, ...listPaging, types: appliedTypes.join(',') || undefined }), [f.query, listPaging, appliedTypes]);
  const list = useReportData(reportEndpoints.alarmDetail, listQuery, EMPTY_LIST);
  const exporter = useReportExport(REPORT_EXPORT_TYPES.alarm, A.title);

  const search = () => {
    f.search();
    setAppliedTypes(types);
    setListPaging((p) => ({ ...p, current: 1 }));
  };
  return (
    <ReportPage
      title={A.title}
      testId="alarm-report"
      extra={<ExportButton onClick={() => void exporter.run(f.query, { types: appliedTypes.join(',') })} loading={exporter.exporting} />}
      filters={
        <ReportFilterBar value={f.draft} accountId={f.accountId} onChange={f.setDraft} onSearch={search} onReset={() => (f.reset(), setTypes([]), setAppliedTypes([]))}>
          <Select mode="multiple" allowClear maxTagCount={2} placeholder={R.filters.alarmTypes} style={{ width: 190 }} value={types}
            options={alarmTypes} onChange={setTypes} optionFilterProp="label" />
        </ReportFilterBar>
      }
      stats={[
        { title: R.stats.alarms, value: stats.data.totals.total, testId: 'total-alarms' },
        ...stats.data.totals.types.slice(0, 5).map((t) => ({ title: t.typeName, value: t.count })),
      ]}
    >
      <Tabs
        items={[
          {
            key: 'list', label: A.list,
            children: (
              <Table rowKey="alarmId" size="middle" loading={list.loading} {...wideTable(listColumns)} dataSource={list.data.list} data-testid="alarm-list"
                pagination={pagerOf(list.data, list.data, setListPaging)} />
            ),
          },
          {
            key: 'stats', label: A.statistics,
            children: (
              <Table rowKey="vehicleId" size="middle" loading={stats.loading} columns={statColumns} dataSource={stats.data.list} data-testid="alarm-stats"
                pagination={{ current: stats.data.current, pageSize: stats.data.pageSize, total: stats.data.total, showTotal: R.common.total, onChange: (current, pageSize) => f.setPaging({ current, pageSize }) }} />
            ),
          },
        ]}
      />
    </ReportPage>
  );
}
