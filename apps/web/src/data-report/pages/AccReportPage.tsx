import { useMemo } from 'react';
import { Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { drivingReportEndpoints, REPORT_EXPORT_TYPES, type AccPage, type AccRow } from '@chelian/contracts';
import { EChart } from '../../shared/charts/EChart.tsx';
import { beijingToday } from '../../shared/format/beijingTime.ts';
import { dayText } from '../filters/reportRange.ts';
import { secondsText, timeText } from '../format.ts';
import { R } from '../messages.ts';
import { accChart, accChartHeight } from './accChart.ts';
import { RowReportPage } from './RowReportPage.tsx';
import { vehicleColumns } from './reportColumns.tsx';

const A = R.acc;
const EMPTY: AccPage = {
  total: 0,
  current: 1,
  pageSize: 10,
  list: [],
  totals: { onSeconds: 0, offSeconds: 0, starts: 0, vehicles: 0 },
  vehicles: [],
};

/** Still so, as far as we know: nothing reported after it, today. */
const ongoing = (r: AccRow) => r.open && r.day === dayText(beijingToday());

const columns: ColumnsType<AccRow> = [
  ...vehicleColumns<AccRow>(),
  { title: A.state, dataIndex: 'acc', width: 95, render: (on: boolean) => <Tag color={on ? 'green' : 'default'}>{on ? A.on : A.off}</Tag> },
  { title: A.start, dataIndex: 'startAt', width: 160, render: timeText },
  {
    title: A.end,
    dataIndex: 'endAt',
    width: 230,
    render: (t: number, r) =>
      ongoing(r) ? (
        <Tooltip title={A.ongoingTip}>
          <span>
            {timeText(t)} <Tag color="blue">{A.ongoing}</Tag>
          </span>
        </Tooltip>
      ) : (
        timeText(t)
      ),
  },
  { title: A.duration, dataIndex: 'seconds', width: 120, render: (s: number, r) => (r.acc ? <b>{secondsText(s)}</b> : secondsText(s)) },
];

function AccChart({ data }: { data: AccPage }) {
  const option = useMemo(() => accChart(data.vehicles), [data.vehicles]);
  if (data.vehicles.length === 0) return null;
  return (
    <div className="report-acc-chart">
      <div className="report-chart-title">{A.chartTitle}</div>
      <EChart option={option} replace style={{ height: accChartHeight(data.vehicles.length) }} testId="acc-chart" />
    </div>
  );
}

/** ACC报表 (accReport): ignition on and off periods, split at Beijing midnight, and each vehicle's time on (`?vehicleId=12`). */
export function AccReportPage() {
  return (
    <RowReportPage
      title={A.title}
      testId="acc-report"
      endpoint={drivingReportEndpoints.acc}
      empty={EMPTY}
      exportType={REPORT_EXPORT_TYPES.acc}
      columns={columns}
      rowKey={(r) => `${r.vehicleId}-${r.startAt}-${r.acc}`}
      note={() => A.rule}
      freshness={R.common.rawFreshness}
      chart={(data) => <AccChart data={data} />}
      stats={(data) => [
        { title: A.onTime, value: secondsText(data.totals.onSeconds), testId: 'total-acc-on' },
        { title: A.offTime, value: secondsText(data.totals.offSeconds), testId: 'total-acc-off' },
        { title: A.starts, value: data.totals.starts, testId: 'total-acc-starts' },
        { title: A.vehicles, value: data.totals.vehicles },
      ]}
    />
  );
}
