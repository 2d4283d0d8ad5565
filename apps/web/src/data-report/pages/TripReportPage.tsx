import type { ColumnsType } from 'antd/es/table';
import { REPORT_EXPORT_TYPES, reportEndpoints, type TripPage, type TripRow } from '@chelian/contracts';
import { AddressText } from '../../shared/address/AddressText.tsx';
import { kmText, secondsText, timeText } from '../format.ts';
import { R } from '../messages.ts';
import { minMinutesFilter } from '../filters/minMinutesFilter.tsx';
import { RowReportPage } from './RowReportPage.tsx';
import { playbackColumn, vehicleColumns } from './reportColumns.tsx';
import { speedText } from '../../shared/format/speed.ts';

const T = R.trip;
const EMPTY: TripPage = { total: 0, current: 1, pageSize: 10, list: [], totals: { trips: 0, seconds: 0, vehicles: 0 } };

const place = (lon: number | null, lat: number | null) =>
  lon === null || lat === null ? R.common.none : <AddressText point={{ lon, lat, mac: '' }} />;

const columns: ColumnsType<TripRow> = [
  ...vehicleColumns<TripRow>(),
  { title: T.start, dataIndex: 'startAt', width: 150, render: timeText },
  { title: T.end, dataIndex: 'endAt', width: 150, render: timeText },
  { title: T.duration, dataIndex: 'seconds', width: 100, render: (s: number) => <b>{secondsText(s)}</b> },
  { title: T.distance, dataIndex: 'distanceKm', width: 85, align: 'right', render: kmText },
  { title: T.avgSpeed, dataIndex: 'avgSpeed', width: 120, align: 'right', render: (v: number) => speedText(v) },
  { title: T.maxSpeed, dataIndex: 'maxSpeed', width: 115, align: 'right', render: (v: number) => speedText(v) },
  { title: T.startAddress, key: 'startAddress', width: 200, render: (_: unknown, r) => place(r.startLon, r.startLat) },
  { title: T.endAddress, key: 'endAddress', width: 200, render: (_: unknown, r) => place(r.endLon, r.endLat) },
  playbackColumn<TripRow>((r) => ({ start: r.startAt, end: r.endAt })),
];

const minStop = minMinutesFilter(T.minStop, 'trip-min-stop');

/** 行程报表 (tripReport): each drive between stops, with where it began and ended (`?vehicleId=12`, optional `minMinutes`). */
export function TripReportPage() {
  return (
    <RowReportPage
      title={T.title}
      testId="trip-report"
      endpoint={reportEndpoints.trip}
      empty={EMPTY}
      exportType={REPORT_EXPORT_TYPES.trip}
      columns={columns}
      rowKey={(r) => `${r.vehicleId}-${r.startAt}`}
      extraFilters={minStop}
      note={(x) => T.rule(x.minMinutes)}
      stats={(data) => [
        { title: R.stats.trips, value: data.totals.trips, testId: 'total-trips' },
        { title: R.stats.tripTime, value: secondsText(data.totals.seconds) },
        { title: R.stats.tripVehicles, value: data.totals.vehicles },
      ]}
    />
  );
}
