import { useMemo } from 'react';
import { partOf } from '../../shared/list/usePagedList.ts';
import { useWholeList } from '../../shared/list/useLoaded.ts';
import { Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import {
  fleetReportEndpoints,
  REPORT_EXPORT_TYPES,
  type AlarmHandleAnswer,
  type AlarmHandleOperator,
  type AlarmHandleType,
} from '@chelian/contracts';
import { EChart } from '../../shared/charts/EChart.tsx';
import { ExportButton, ReportFilterBar } from '../filters/ReportFilterBar.tsx';
import { useReportFilters } from '../filters/useReportFilters.ts';
import { percentText, secondsText } from '../format.ts';
import { R } from '../messages.ts';
import { useReportExport } from '../useReport.ts';
import { ReportPage } from './ReportPage.tsx';
import { ListCard } from '../../shared/ui/ListCard.tsx';

const H = R.alarmHandle;
const EMPTY: AlarmHandleAnswer = {
  totals: { total: 0, handled: 0, unhandled: 0, medianSeconds: null, p90Seconds: null },
  byType: [],
  byOperator: [],
};

const time = (s: number | null) => (s === null ? R.common.none : secondsText(s));
const rate = (handled: number, total: number) => (total ? percentText(handled / total) : R.common.none);
const timeColumns = [
  { title: H.medianShort, dataIndex: 'medianSeconds', width: 88, align: 'right' as const, render: time },
  { title: H.p90Short, dataIndex: 'p90Seconds', width: 88, align: 'right' as const, render: time },
];

const typeColumns: ColumnsType<AlarmHandleType> = [
  // 设防状态ACC开启 on one line in the half-width table at 1366 px (it broke after 开)
  { title: H.type, dataIndex: 'typeName', width: 144 },
  { title: H.total, dataIndex: 'total', width: 72, align: 'right' },
  { title: H.handled, dataIndex: 'handled', width: 72, align: 'right' },
  {
    title: H.unhandled,
    dataIndex: 'unhandled',
    width: 72,
    align: 'right',
    render: (n: number) => (n ? <Typography.Text type="danger">{n}</Typography.Text> : n),
  },
  { title: H.rate, key: 'rate', width: 80, align: 'right', render: (_: unknown, r) => rate(r.handled, r.total) },
  ...timeColumns,
];

const operatorColumns: ColumnsType<AlarmHandleOperator> = [
  { title: H.operator, dataIndex: 'operatorName', width: 140 },
  { title: H.handledCount, dataIndex: 'handled', width: 72, align: 'right' },
  ...timeColumns,
];

/** Handled and unhandled alarms of each type, stacked. */
function HandleChart({ byType }: { byType: AlarmHandleType[] }) {
  const option = useMemo(
    () => ({
      title: { text: H.chartTitle, left: 0, top: 0, textStyle: { fontSize: 13, fontWeight: 'normal', color: '#5c6470' } },
      legend: { top: 0, right: 0, data: [H.handled, H.unhandled] },
      grid: { left: 40, right: 16, top: 36, bottom: 24 },
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      xAxis: {
        type: 'category',
        data: byType.map((t) => t.typeName),
        axisTick: { show: false },
        axisLabel: { interval: 0, hideOverlap: true },
      },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        {
          name: H.handled,
          type: 'bar',
          stack: 'alarms',
          barMaxWidth: 36,
          itemStyle: { color: '#52c41a' },
          data: byType.map((t) => t.handled),
        },
        {
          name: H.unhandled,
          type: 'bar',
          stack: 'alarms',
          barMaxWidth: 36,
          itemStyle: { color: '#ff7875' },
          data: byType.map((t) => t.unhandled),
        },
      ],
    }),
    [byType],
  );
  if (byType.length === 0) return null; // no alarms in the range: the totals and the empty table say so
  return (
    <div className="report-chart" data-testid="alarm-handle-chart">
      <EChart option={option} replace />
    </div>
  );
}

/** 报警处理统计 (alarmHandleReport): the range's alarms handled and not, per type and operator, and how long handling took (`?vehicleId=12&startDate=…&endDate=…`). */
export function AlarmHandleReportPage() {
  const f = useReportFilters();
  // Not paged: a row per type and per operator.
  const handling = useWholeList(fleetReportEndpoints.alarmHandle, f.query);
  const data = handling.data ?? EMPTY;
  // Both tables are parts of the one answer: its spinner, its failure with 重试, a row per type or operator.
  const byType = partOf(handling, data.byType);
  const byOperator = partOf(handling, data.byOperator);
  const exporter = useReportExport(REPORT_EXPORT_TYPES.alarmHandle, H.title);
  const t = data.totals;
  return (
    <ReportPage
      title={H.title}
      testId="alarm-handle-report"
      extra={<ExportButton onClick={() => void exporter.run(f.query)} loading={exporter.exporting} />}
      filters={<ReportFilterBar value={f.draft} accountId={f.accountId} onChange={f.setDraft} onSearch={f.search} onReset={f.reset} />}
      stats={[
        { title: H.total, value: t.total, testId: 'handle-total' },
        { title: H.handled, value: t.handled, testId: 'handle-handled' },
        { title: H.unhandled, value: t.unhandled, testId: 'handle-unhandled' },
        { title: H.rate, value: rate(t.handled, t.total), testId: 'handle-rate' },
        { title: H.median, value: time(t.medianSeconds), testId: 'handle-median' },
        { title: H.p90, value: time(t.p90Seconds), testId: 'handle-p90' },
      ]}
      note={H.rule}
      freshness=""
    >
      <HandleChart byType={data.byType} />
      {/* Both tables fit their half of the page at 1366, so no column needs to stay put while scrolling (identityColumn false). */}
      <div className="report-split">
        <div>
          <Typography.Title level={5}>{H.byType}</Typography.Title>
          <ListCard<AlarmHandleType>
            bare
            list={byType}
            columns={typeColumns}
            rowKey="type"
            identityColumn={false}
            table={{ 'data-testid': 'alarm-handle-types' }}
          />
        </div>
        <div>
          <Typography.Title level={5}>{H.byOperator}</Typography.Title>
          <ListCard<AlarmHandleOperator>
            bare
            list={byOperator}
            columns={operatorColumns}
            rowKey={(r) => String(r.userId)}
            identityColumn={false}
            table={{ 'data-testid': 'alarm-handle-operators' }}
          />
        </div>
      </div>
    </ReportPage>
  );
}
