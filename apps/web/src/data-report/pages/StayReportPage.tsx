import { Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { REPORT_EXPORT_TYPES, reportEndpoints, type StayPage, type StayRow } from '@chelian/contracts';
import { AddressText } from '../../shared/address/AddressText.tsx';
import { secondsText, timeText } from '../format.ts';
import { R } from '../messages.ts';
import { minMinutesFilter } from '../filters/minMinutesFilter.tsx';
import { RowReportPage } from './RowReportPage.tsx';
import { playbackColumn, vehicleColumns } from './reportColumns.tsx';
import { isOngoing, stayPlayback } from './stayRows.ts';

const S = R.stay;
const EMPTY: StayPage = { total: 0, current: 1, pageSize: 10, list: [], totals: { stays: 0, seconds: 0, vehicles: 0 } };

const columns: ColumnsType<StayRow> = [
  ...vehicleColumns<StayRow>(),
  { title: S.start, dataIndex: 'startAt', width: 150, render: timeText },
  {
    title: S.end,
    dataIndex: 'endAt',
    width: 210,
    render: (t: number, r) =>
      isOngoing(r) ? (
        <Tooltip title={S.ongoingTip}>
          <span>
            {timeText(t)} <Tag color="blue">{S.ongoing}</Tag>
          </span>
        </Tooltip>
      ) : (
        timeText(t)
      ),
  },
  { title: S.duration, dataIndex: 'seconds', width: 100, render: (s: number) => <b>{secondsText(s)}</b> },
  { title: S.address, key: 'address', width: 220, render: (_: unknown, r) => <AddressText point={{ lon: r.lon, lat: r.lat, mac: '' }} /> },
  playbackColumn<StayRow>(stayPlayback),
];

const minStay = minMinutesFilter(S.minDuration, 'stay-min');

/** 停留报表 (stayReport): where and how long each vehicle stood (`?vehicleId=12`, optional `minMinutes`). */
export function StayReportPage() {
  return (
    <RowReportPage
      title={S.title}
      testId="stay-report"
      endpoint={reportEndpoints.stay}
      empty={EMPTY}
      exportType={REPORT_EXPORT_TYPES.stay}
      columns={columns}
      rowKey={(r) => `${r.vehicleId}-${r.startAt}`}
      extraFilters={minStay}
      note={(x) => S.rule(x.minMinutes)}
      stats={(data) => [
        { title: R.stats.stays, value: data.totals.stays, testId: 'total-stays' },
        { title: R.stats.stayTime, value: secondsText(data.totals.seconds), testId: 'total-stay-time' },
        { title: R.stats.stayVehicles, value: data.totals.vehicles },
      ]}
    />
  );
}
