import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Select, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { REPORT_EXPORT_TYPES, reportEndpoints, STAY_MIN_MINUTES, type TripPage, type TripRow } from '@chelian/contracts';
import { playbackUrl } from '../../shared/links/carLinks.ts';
import { AddressText } from '../../shared/address/AddressText.tsx';
import { ExportButton, ReportFilterBar } from '../filters/ReportFilterBar.tsx';
import { useReportFilters } from '../filters/useReportFilters.ts';
import { kmText, secondsText, timeText } from '../format.ts';
import { R } from '../messages.ts';
import { useReportData, useReportExport } from '../useReport.ts';
import { ReportPage } from './ReportPage.tsx';
import { vehicleColumns } from './reportColumns.tsx';
import { minMinutesFromParams } from './stayRows.ts';
import { pagerOf } from '../../shared/ui/pagination.ts';

const T = R.trip;
const EMPTY: TripPage = { total: 0, current: 1, pageSize: 10, list: [], totals: { trips: 0, seconds: 0, vehicles: 0 } };
const MINUTE_OPTIONS = STAY_MIN_MINUTES.map((m) => ({ value: m, label: R.stay.atLeast(m) }));

const place = (lon: number | null, lat: number | null) => (lon === null || lat === null ? R.common.none : <AddressText point={{ lon, lat, mac: '' }} />);

const columns: ColumnsType<TripRow> = [
  ...vehicleColumns<TripRow>(),
  { title: T.start, dataIndex: 'startAt', width: 160, render: timeText },
  { title: T.end, dataIndex: 'endAt', width: 160, render: timeText },
  { title: T.duration, dataIndex: 'seconds', width: 110, render: (s: number) => <b>{secondsText(s)}</b> },
  { title: T.distance, dataIndex: 'distanceKm', width: 90, align: 'right', render: kmText },
  { title: T.avgSpeed, dataIndex: 'avgSpeed', width: 120, align: 'right' },
  { title: T.maxSpeed, dataIndex: 'maxSpeed', width: 120, align: 'right' },
  { title: T.startAddress, key: 'startAddress', width: 240, render: (_: unknown, r) => place(r.startLon, r.startLat) },
  { title: T.endAddress, key: 'endAddress', width: 240, render: (_: unknown, r) => place(r.endLon, r.endLat) },
  {
    title: '', key: 'op', width: 60, fixed: 'right',
    render: (_: unknown, r) => <Button type="link" size="small" onClick={() => window.open(playbackUrl(r.vehicleId, { start: r.startAt, end: r.endAt }), '_blank')}>{R.common.playback}</Button>,
  },
];

/** 行程报表 (tripReport): each drive between stops, with where it began and ended (`?vehicleId=12`, optional `minMinutes`). */
export function TripReportPage() {
  const f = useReportFilters();
  const [params] = useSearchParams();
  const [minMinutes, setMinMinutes] = useState(() => minMinutesFromParams(params));
  const [applied, setApplied] = useState(minMinutes);
  const linkedMin = params.get('minMinutes');
  useEffect(() => {
    const m = minMinutesFromParams(new URLSearchParams(linkedMin ? { minMinutes: linkedMin } : {}));
    setMinMinutes(m);
    setApplied(m);
  }, [linkedMin]);
  const query = useMemo(() => ({ ...f.query, minMinutes: applied }), [f.query, applied]);
  const { data, loading } = useReportData(reportEndpoints.trip, query, EMPTY);
  const exporter = useReportExport(REPORT_EXPORT_TYPES.trip, T.title);

  const search = () => {
    f.search();
    setApplied(minMinutes);
  };
  const reset = () => {
    f.reset();
    setMinMinutes(minMinutesFromParams(new URLSearchParams()));
    setApplied(minMinutesFromParams(new URLSearchParams()));
  };
  return (
    <ReportPage
      title={T.title}
      testId="trip-report"
      extra={<ExportButton onClick={() => void exporter.run(f.query, { minMinutes: applied })} loading={exporter.exporting} />}
      filters={
        <ReportFilterBar value={f.draft} accountId={f.accountId} onChange={f.setDraft} onSearch={search} onReset={reset}>
          <Select style={{ width: 175 }} value={minMinutes} options={MINUTE_OPTIONS} onChange={setMinMinutes} prefix={T.minStop} data-testid="trip-min-stop" />
        </ReportFilterBar>
      }
      stats={[
        { title: R.stats.trips, value: data.totals.trips, testId: 'total-trips' },
        { title: R.stats.tripTime, value: secondsText(data.totals.seconds) },
        { title: R.stats.tripVehicles, value: data.totals.vehicles },
      ]}
      note={T.rule(applied)}
    >
      <Table
        rowKey={(r) => `${r.vehicleId}-${r.startAt}`}
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={data.list}
        scroll={{ x: 1800 }}
        data-testid="trip-report-table"
        pagination={pagerOf(data, data, f.setPaging)}
      />
    </ReportPage>
  );
}
