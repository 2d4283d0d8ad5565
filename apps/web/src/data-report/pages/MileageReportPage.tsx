import { Button, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { REPORT_EXPORT_TYPES, type MileageDay, type MileagePage } from '@chelian/contracts';
import { playbackUrl } from '../../car/vehicle/links.ts';
import { kmText, secondsText, timeText } from '../format.ts';
import { R } from '../messages.ts';
import { reportApi } from '../reportApi.ts';
import { DailyReport } from './DailyReport.tsx';
import { dayPlayback, vehicleColumns } from './reportColumns.tsx';

const EMPTY: MileagePage = { total: 0, current: 1, pageSize: 10, list: [], totals: { mileageKm: 0, drivingSeconds: 0, maxSpeed: 0, alarmCount: 0 } };
const M = R.mileage;

const columns: ColumnsType<MileageDay> = [
  ...vehicleColumns<MileageDay>(),
  { title: M.mileage, dataIndex: 'mileageKm', width: 110, align: 'right', render: (km: number) => <b>{kmText(km)}</b> },
  { title: M.source, dataIndex: 'mileageSource', width: 100, render: (s: string) => (s ? <Tag color={s === 'odometer' ? 'blue' : 'default'}>{M.sources[s]}</Tag> : R.common.none) },
  { title: M.driving, dataIndex: 'drivingSeconds', width: 120, render: secondsText },
  { title: M.maxSpeed, dataIndex: 'maxSpeed', width: 130, align: 'right' },
  { title: M.first, dataIndex: 'firstPositionAt', width: 170, render: timeText },
  { title: M.last, dataIndex: 'lastPositionAt', width: 170, render: timeText },
  { title: M.points, dataIndex: 'positionCount', width: 100, align: 'right' },
  { title: M.alarms, dataIndex: 'alarmCount', width: 100, align: 'right' },
  {
    title: '', key: 'op', width: 70, fixed: 'right',
    render: (_: unknown, r) => r.positionCount > 0 && <Button type="link" size="small" onClick={() => window.open(playbackUrl(r.vehicleId, dayPlayback(r.day)), '_blank')}>{R.common.playback}</Button>,
  },
];

/** 里程报表: mileage, driving time and speed per vehicle and day (`?vehicleId=12` opens on one vehicle). */
export function MileageReportPage() {
  return (
    <DailyReport
      title={M.title}
      testId="mileage-report"
      fetch={reportApi.mileage}
      empty={EMPTY}
      exportType={REPORT_EXPORT_TYPES.mileage}
      columns={columns}
      scrollX={1500}
      stats={(data) => [
        { title: R.stats.totalMileage, value: kmText(data.totals.mileageKm), testId: 'total-mileage' },
        { title: R.stats.totalDriving, value: secondsText(data.totals.drivingSeconds) },
        { title: R.stats.maxSpeed, value: data.totals.maxSpeed },
        { title: R.stats.alarms, value: data.totals.alarmCount },
      ]}
    />
  );
}
