import { useMemo } from 'react';
import { DatePicker, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { MONTHLY_MAX_MONTHS, monthlyReportEndpoints, REPORT_EXPORT_TYPES, type MonthlyPage, type MonthlyRow } from '@chelian/contracts';
import { EChart } from '../../shared/charts/EChart.tsx';
import { usePagedList } from '../../shared/list/usePagedList.ts';
import { ListCard } from '../../shared/ui/ListCard.tsx';
import { toast } from '../../shared/ui/toast.ts';
import { ExportButton, ReportFilterBar } from '../filters/ReportFilterBar.tsx';
import { monthRangeFromParams, monthsTooLong, monthText, quickMonths } from '../filters/monthRange.ts';
import { beijingToday } from '../../shared/format/beijingTime.ts';
import { useLinkedFilters } from '../filters/useLinkedFilters.ts';
import { useReportFilters } from '../filters/useReportFilters.ts';
import { kmText, percentText, secondsText } from '../format.ts';
import { R } from '../messages.ts';
import { useReportExport } from '../useReport.ts';
import { monthlyChart } from './monthlyChart.ts';
import { ReportPage } from './ReportPage.tsx';
import { speedText } from '../../shared/format/speed.ts';

const M = R.monthly;
const EMPTY: MonthlyPage = {
  total: 0,
  current: 1,
  pageSize: 10,
  list: [],
  months: [],
  totals: { mileageKm: 0, drivingSeconds: 0, maxSpeed: 0, onlineSeconds: 0, onlineRate: 0, alarmCount: 0, alarmTypes: [], vehicles: 0 },
};

// The figures first (mileage, driving, online rate, alarms by type): in view on a 1366 screen.
const columns: ColumnsType<MonthlyRow> = [
  { title: M.month, dataIndex: 'month', width: 80, fixed: 'left' },
  { title: R.common.plate, dataIndex: 'plate', width: 100, fixed: 'left', render: (p: string, r) => p || r.name },
  { title: R.common.terminal, dataIndex: 'terminalId', width: 135 },
  { title: R.common.group, dataIndex: 'groupName', width: 80, render: (g: string) => g || R.common.none },
  { title: M.mileage, dataIndex: 'mileageKm', width: 85, align: 'right', render: (km: number) => <b>{kmText(km)}</b> },
  { title: M.driving, dataIndex: 'drivingSeconds', width: 100, render: secondsText },
  { title: M.onlineRate, dataIndex: 'onlineRate', width: 80, align: 'right', render: percentText },
  { title: M.alarms, dataIndex: 'alarmCount', width: 80, align: 'right' },
  {
    title: M.alarmTypes,
    dataIndex: 'alarmTypes',
    width: 220,
    render: (types: MonthlyRow['alarmTypes']) =>
      types.length ? types.map((t) => <Tag key={t.type}>{`${t.typeName} ${t.count}`}</Tag>) : R.common.none,
  },
  { title: M.maxSpeed, dataIndex: 'maxSpeed', width: 115, align: 'right', render: (v: number) => speedText(v) },
  { title: M.activeDays, dataIndex: 'activeDays', width: 80, align: 'right' },
  { title: M.online, dataIndex: 'onlineSeconds', width: 105, render: secondsText },
];

/**
 * 月度汇总: one row per vehicle and Beijing month (mileage, driving, online rate, alarms by type),
 * the selection's totals and a chart of each month. Deep links: `?vehicleId=12&startMonth=2026-03&endMonth=2026-05`
 * (or the days every report takes, `startDate`/`endDate`: their months).
 */
export function MonthlyReportPage() {
  const f = useReportFilters();
  const {
    draft: draftMonths,
    setDraft: setDraftMonths,
    applied: months,
    apply,
    reset: resetMonths,
  } = useLinkedFilters(monthRangeFromParams);

  const query = useMemo(() => {
    const { startDate: _s, endDate: _e, ...rest } = f.query;
    return { ...rest, startMonth: monthText(months[0]), endMonth: monthText(months[1]) };
  }, [f.query, months]);
  const list = usePagedList(monthlyReportEndpoints.monthly, query);
  const data = list.data ?? EMPTY;
  const exporter = useReportExport(REPORT_EXPORT_TYPES.monthly, M.title);
  const chart = useMemo(() => monthlyChart(data.months), [data.months]);

  const search = () => {
    if (monthsTooLong(draftMonths)) {
      toast.warning(M.maxMonths(MONTHLY_MAX_MONTHS));
      return;
    }
    f.search();
    apply();
  };
  const reset = () => {
    f.reset();
    resetMonths();
  };
  const thisMonth = beijingToday().startOf('month');

  return (
    <ReportPage
      title={M.title}
      testId="monthly-report"
      extra={
        <ExportButton
          onClick={() => void exporter.run(query, {}, `${query.startMonth}至${query.endMonth}`, data.total)}
          loading={exporter.exporting}
        />
      }
      filters={
        <ReportFilterBar
          value={f.draft}
          accountId={f.accountId}
          onChange={f.setDraft}
          onSearch={search}
          onReset={reset}
          range={
            <DatePicker.RangePicker
              picker="month"
              allowClear={false}
              value={draftMonths}
              presets={quickMonths(M)}
              disabledDate={(d) => d.isAfter(thisMonth, 'month')}
              onChange={(range) => range?.[0] && range[1] && setDraftMonths([range[0].startOf('month'), range[1].startOf('month')])}
              data-testid="report-months"
            />
          }
        />
      }
      stats={[
        { title: R.stats.totalMileage, value: kmText(data.totals.mileageKm), testId: 'total-mileage' },
        { title: R.stats.totalDriving, value: secondsText(data.totals.drivingSeconds), testId: 'total-driving' },
        { title: R.stats.onlineRate, value: percentText(data.totals.onlineRate), testId: 'total-online-rate' },
        { title: R.stats.alarms, value: data.totals.alarmCount, testId: 'total-alarms' },
        { title: R.stats.vehicles, value: data.totals.vehicles },
      ]}
      note={M.rule}
    >
      {data.totals.alarmTypes.length > 0 && (
        <div className="report-alarm-types" data-testid="monthly-alarm-types">
          {data.totals.alarmTypes.map((t) => (
            <Tag key={t.type} color="red">{`${t.typeName} ${t.count}`}</Tag>
          ))}
        </div>
      )}
      <div className="report-monthly-chart" data-testid="monthly-chart-box">
        <EChart option={chart} replace testId="monthly-chart" />
      </div>
      <ListCard<MonthlyRow>
        bare
        list={list}
        columns={columns}
        rowKey={(r) => `${r.vehicleId}-${r.month}`}
        table={{
          rowClassName: (r) => (r.activeDays === 0 && r.onlineSeconds === 0 && r.alarmCount === 0 ? 'report-row-empty' : ''),
          'data-testid': 'monthly-report-table',
        }}
      />
    </ReportPage>
  );
}
