import { useState } from 'react';
import { Select, Space, Tabs, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { REPORT_EXPORT_TYPES, reportEndpoints, type Alarm, type AlarmStatisticsPage, type AlarmVehicleCount } from '@chelian/contracts';
import { ActionLink, alarmColumns } from '../../shared/alarms/alarmColumns.tsx';
import { systemEndpoints } from '@chelian/contracts';
import { playbackUrl } from '../../shared/links/carLinks.ts';
import { ExportButton, ReportFilterBar } from '../filters/ReportFilterBar.tsx';
import { useReportFilters } from '../filters/useReportFilters.ts';
import { R } from '../messages.ts';
import { useReportExport } from '../useReport.ts';
import { usePagedList } from '../../shared/list/usePagedList.ts';
import { useWholeList } from '../../shared/list/useLoaded.ts';
import { ListCard } from '../../shared/ui/ListCard.tsx';
import { ReportPage } from './ReportPage.tsx';

const A = R.alarm;
const EMPTY_STATS: AlarmStatisticsPage = { total: 0, current: 1, pageSize: 10, list: [], totals: { total: 0, types: [] } };
const AROUND_MS = 10 * 60_000;
const NO_TYPES: Array<{ value: string; label: string }> = [];

const statColumns: ColumnsType<AlarmVehicleCount> = [
  { title: R.common.plate, dataIndex: 'plate', width: 120, render: (p: string, r) => p || r.name },
  { title: R.common.terminal, dataIndex: 'terminalId', width: 150 },
  { title: R.common.group, dataIndex: 'groupName', width: 120, render: (g: string) => g || R.common.none },
  { title: A.total, dataIndex: 'total', width: 100, align: 'right', render: (n: number) => <b>{n}</b> },
  {
    title: A.byType,
    key: 'types',
    width: 560,
    ellipsis: false,
    render: (_: unknown, r) => (
      <Space size={[4, 4]} wrap>
        {r.types.map((t) => (
          <Tag key={t.type} color="orange">{`${t.typeName} ${t.count}`}</Tag>
        ))}
      </Space>
    ),
  },
];

// The car app's alarm columns; the operation opens the track around the alarm.
const listColumns = alarmColumns(
  (a) =>
    a.vehicleId !== null && (
      <ActionLink
        onClick={() => window.open(playbackUrl(a.vehicleId!, { start: a.alarmTime - AROUND_MS, end: a.alarmTime + AROUND_MS }), '_blank')}
      >
        {R.common.playback}
      </ActionLink>
    ),
  false,
);

/** 报警明细 (alarmInfo): alarm counts by type per vehicle, and the alarms themselves (`?vehicleId=12` opens on one vehicle). */
export function AlarmInfoPage() {
  const f = useReportFilters();
  // Every alarm type from the dictionary (the account's alarm settings need a permission of their own).
  const dictionary = useWholeList(systemEndpoints.dictionary, { type: 'alarmType' }, { silent: true, keepOnFailure: false });
  const alarmTypes = dictionary.data?.alarmType ?? NO_TYPES;
  const [types, setTypes] = useState<string[]>([]);
  const [appliedTypes, setAppliedTypes] = useState<string[]>([]);
  // The figures count exactly what the list lists: the same filters, alarm types included.
  const query = { ...f.query, types: appliedTypes.join(',') || undefined };
  const stats = usePagedList(reportEndpoints.alarmStatistics, query);
  const totals = (stats.data ?? EMPTY_STATS).totals;
  const list = usePagedList(reportEndpoints.alarmDetail, query);
  const exporter = useReportExport(REPORT_EXPORT_TYPES.alarm, A.title);

  const search = () => {
    f.search();
    setAppliedTypes(types);
  };
  return (
    <ReportPage
      title={A.title}
      testId="alarm-report"
      extra={<ExportButton onClick={() => void exporter.run(f.query, { types: appliedTypes.join(',') })} loading={exporter.exporting} />}
      filters={
        <ReportFilterBar
          value={f.draft}
          accountId={f.accountId}
          onChange={f.setDraft}
          onSearch={search}
          onReset={() => (f.reset(), setTypes([]), setAppliedTypes([]))}
        >
          <Select
            mode="multiple"
            allowClear
            maxTagCount={2}
            placeholder={R.filters.alarmTypes}
            style={{ width: 190 }}
            value={types}
            options={alarmTypes}
            onChange={setTypes}
            optionFilterProp="label"
          />
        </ReportFilterBar>
      }
      stats={[
        { title: R.stats.alarms, value: totals.total, testId: 'total-alarms' },
        ...totals.types.slice(0, 5).map((t) => ({ title: t.typeName, value: t.count })),
      ]}
    >
      <Tabs
        items={[
          {
            key: 'list',
            label: A.list,
            children: <ListCard<Alarm> bare list={list} columns={listColumns} rowKey="alarmId" table={{ 'data-testid': 'alarm-list' }} />,
          },
          {
            key: 'stats',
            label: A.statistics,
            children: (
              <ListCard<AlarmVehicleCount>
                bare
                list={stats}
                columns={statColumns}
                rowKey="terminalId"
                identityColumn={false}
                table={{ 'data-testid': 'alarm-stats' }}
              />
            ),
          },
        ]}
      />
    </ReportPage>
  );
}
