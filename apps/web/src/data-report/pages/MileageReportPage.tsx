import { Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { REPORT_EXPORT_TYPES, reportEndpoints, type MileageDay, type MileagePage } from '@chelian/contracts';
import { clockText, kmText, secondsText } from '../format.ts';
import { R } from '../messages.ts';
import { DailyReport } from './DailyReport.tsx';
import { dayPlayback, playbackColumn, vehicleColumns } from './reportColumns.tsx';
import { speedText } from '../../shared/format/speed.ts';

const EMPTY: MileagePage = {
  total: 0,
  current: 1,
  pageSize: 10,
  list: [],
  totals: { mileageKm: 0, drivingSeconds: 0, maxSpeed: 0, alarmCount: 0 },
};
const M = R.mileage;

const columns: ColumnsType<MileageDay> = [
  ...vehicleColumns<MileageDay>(),
  {
    title: M.mileage,
    dataIndex: 'mileageKm',
    width: 85,
    align: 'right',
    render: (km: number, r) =>
      r.mileageSource ? (
        <Tooltip title={`${M.source}：${M.sources[r.mileageSource]}`}>
          <b data-source={r.mileageSource}>{kmText(km)}</b>
        </Tooltip>
      ) : (
        kmText(km)
      ),
  },
  {
    title: M.driving,
    dataIndex: 'drivingSeconds',
    width: 90,
    render: (s: number, r) => (r.positionCount ? secondsText(s) : R.common.none),
  },
  {
    title: M.maxSpeed,
    dataIndex: 'maxSpeed',
    width: 115,
    align: 'right',
    render: (v: number, r) => (r.positionCount ? speedText(v) : R.common.none),
  },
  { title: M.first, dataIndex: 'firstPositionAt', width: 80, render: clockText },
  { title: M.last, dataIndex: 'lastPositionAt', width: 80, render: clockText },
  { title: M.points, dataIndex: 'positionCount', width: 75, align: 'right' },
  { title: M.alarms, dataIndex: 'alarmCount', width: 75, align: 'right' },
  playbackColumn<MileageDay>((r) => (r.positionCount > 0 ? dayPlayback(r.day) : null)),
];

/** 里程报表: mileage, driving time and speed per vehicle and day (`?vehicleId=12` opens on one vehicle). */
export function MileageReportPage() {
  return (
    <DailyReport
      title={M.title}
      testId="mileage-report"
      endpoint={reportEndpoints.mileage}
      empty={EMPTY}
      exportType={REPORT_EXPORT_TYPES.mileage}
      columns={columns}
      isEmpty={(r) => r.positionCount === 0 && r.alarmCount === 0}
      stats={(data) => [
        { title: R.stats.totalMileage, value: kmText(data.totals.mileageKm), testId: 'total-mileage' },
        { title: R.stats.totalDriving, value: secondsText(data.totals.drivingSeconds) },
        { title: R.stats.maxSpeed, value: data.totals.maxSpeed },
        { title: R.stats.alarms, value: data.totals.alarmCount },
      ]}
    />
  );
}
