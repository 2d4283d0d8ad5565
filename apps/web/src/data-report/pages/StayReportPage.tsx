import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Select, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { REPORT_EXPORT_TYPES, reportEndpoints, STAY_MIN_MINUTES, type StayPage, type StayRow } from '@chelian/contracts';
import { playbackUrl } from '../../shared/links/carLinks.ts';
import { AddressText } from '../../shared/address/AddressText.tsx';
import { ExportButton, ReportFilterBar } from '../filters/ReportFilterBar.tsx';
import { useReportFilters } from '../filters/useReportFilters.ts';
import { secondsText, timeText } from '../format.ts';
import { R } from '../messages.ts';
import { useReportData, useReportExport } from '../useReport.ts';
import { ReportPage } from './ReportPage.tsx';
import { vehicleColumns } from './reportColumns.tsx';
import { isOngoing, lonLatText, minMinutesFromParams, stayPlayback } from './stayRows.ts';
import { pagerOf } from '../../shared/ui/pagination.ts';

const S = R.stay;
const EMPTY: StayPage = { total: 0, current: 1, pageSize: 10, list: [], totals: { stays: 0, seconds: 0, vehicles: 0 } };
const MINUTE_OPTIONS = STAY_MIN_MINUTES.map((m) => ({ value: m, label: S.atLeast(m) }));

const columns: ColumnsType<StayRow> = [
  ...vehicleColumns<StayRow>(),
  { title: S.start, dataIndex: 'startAt', width: 160, render: timeText },
  {
    title: S.end, dataIndex: 'endAt', width: 230,
    render: (t: number, r) => (isOngoing(r) ? <Tooltip title={S.ongoingTip}><span>{timeText(t)} <Tag color="blue">{S.ongoing}</Tag></span></Tooltip> : timeText(t)),
  },
  { title: S.duration, dataIndex: 'seconds', width: 110, render: (s: number) => <b>{secondsText(s)}</b> },
  { title: S.position, key: 'position', width: 170, render: (_: unknown, r) => <span className="report-lonlat">{lonLatText(r)}</span> },
  { title: S.address, key: 'address', width: 260, render: (_: unknown, r) => <AddressText point={{ lon: r.lon, lat: r.lat, mac: '' }} /> },
  {
    title: '', key: 'op', width: 60, fixed: 'right',
    render: (_: unknown, r) => <Button type="link" size="small" onClick={() => window.open(playbackUrl(r.vehicleId, stayPlayback(r)), '_blank')}>{R.common.playback}</Button>,
  },
];

/** 停留报表 (stayReport): where and how long each vehicle stood (`?vehicleId=12`, optional `minMinutes`). */
export function StayReportPage() {
  const f = useReportFilters();
  const [params] = useSearchParams();
  const [minMinutes, setMinMinutes] = useState(() => minMinutesFromParams(params));
  const [applied, setApplied] = useState(minMinutes);
  // Another deep link while the page is open brings its own shortest stay (the filters follow theirs).
  const linkedMin = params.get('minMinutes');
  useEffect(() => {
    const m = minMinutesFromParams(new URLSearchParams(linkedMin ? { minMinutes: linkedMin } : {}));
    setMinMinutes(m);
    setApplied(m);
  }, [linkedMin]);
  const query = useMemo(() => ({ ...f.query, minMinutes: applied }), [f.query, applied]);
  const { data, loading } = useReportData(reportEndpoints.stay, query, EMPTY);
  const exporter = useReportExport(REPORT_EXPORT_TYPES.stay, S.title);

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
      title={S.title}
      testId="stay-report"
      extra={<ExportButton onClick={() => void exporter.run(f.query, { minMinutes: applied })} loading={exporter.exporting} />}
      filters={
        <ReportFilterBar value={f.draft} accountId={f.accountId} onChange={f.setDraft} onSearch={search} onReset={reset}>
          <Select style={{ width: 175 }} value={minMinutes} options={MINUTE_OPTIONS} onChange={setMinMinutes} prefix={S.minDuration} data-testid="stay-min" />
        </ReportFilterBar>
      }
      stats={[
        { title: R.stats.stays, value: data.totals.stays, testId: 'total-stays' },
        { title: R.stats.stayTime, value: secondsText(data.totals.seconds), testId: 'total-stay-time' },
        { title: R.stats.stayVehicles, value: data.totals.vehicles },
      ]}
      note={S.rule(applied)}
    >
      <Table
        rowKey={(r) => `${r.vehicleId}-${r.startAt}`}
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={data.list}
        scroll={{ x: 1470 }}
        data-testid="stay-report-table"
        pagination={pagerOf(data, data, f.setPaging)}
      />
    </ReportPage>
  );
}
