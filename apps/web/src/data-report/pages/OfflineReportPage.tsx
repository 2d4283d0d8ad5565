import { useMemo } from 'react';
import { Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import {
  DAY_MS,
  fleetReportEndpoints,
  OFFLINE_KINDS,
  OFFLINE_MIN_HOURS,
  type OfflineDurations,
  type OfflineKind,
  type OfflinePage,
  type OfflineRow,
  REPORT_EXPORT_TYPES,
} from '@chelian/contracts';
import { AddressText } from '../../shared/address/AddressText.tsx';
import { EChart } from '../../shared/charts/EChart.tsx';
import { beijingToday } from '../../shared/format/beijingTime.ts';
import { dayText } from '../filters/reportRange.ts';
import { secondsText, timeText } from '../format.ts';
import { R } from '../messages.ts';
import { plainVehicleColumns, playbackColumn } from './reportColumns.tsx';
import { RowReportPage, type ExtraFilters } from './RowReportPage.tsx';

const O = R.offline;
const EMPTY: OfflinePage = {
  total: 0,
  current: 1,
  pageSize: 10,
  list: [],
  totals: {
    vehicles: 0,
    online: 0,
    offline: 0,
    neverOnline: 0,
    durations: { under1h: 0, under1d: 0, under7d: 0, under30d: 0, over30d: 0, never: 0 },
  },
};
const HOURS_OPTIONS = [{ value: 0, label: O.anyDuration }, ...OFFLINE_MIN_HOURS.map((h) => ({ value: h, label: O.atLeast(h) }))];
const KIND_OPTIONS = OFFLINE_KINDS.map((k) => ({ value: k, label: O.kinds[k] }));
const BUCKETS: Array<keyof OfflineDurations> = ['under1h', 'under1d', 'under7d', 'under30d', 'over30d', 'never'];

const columns: ColumnsType<OfflineRow> = [
  ...plainVehicleColumns<OfflineRow>(),
  { title: R.common.account, dataIndex: 'accountName', width: 120 },
  {
    title: O.state,
    key: 'state',
    width: 90,
    render: (_: unknown, r) =>
      r.neverOnline ? (
        <Tag>{O.never}</Tag>
      ) : (
        <Tag color="default" className="report-tag-offline">
          {O.offline}
        </Tag>
      ),
  },
  { title: O.since, dataIndex: 'offlineSince', width: 150, render: timeText },
  {
    title: O.duration,
    dataIndex: 'offlineSeconds',
    width: 110,
    render: (s: number | null) => (s === null ? R.common.none : <b>{secondsText(s)}</b>),
  },
  { title: O.lastFix, dataIndex: 'lastPositionAt', width: 150, render: timeText },
  {
    title: O.lastPlace,
    key: 'place',
    width: 200,
    render: (_: unknown, r) =>
      r.lon === null || r.lat === null ? R.common.none : <AddressText point={{ lon: r.lon, lat: r.lat, mac: '' }} />,
  },
  playbackColumn<OfflineRow>((r) => (r.lastPositionAt === null ? null : { start: r.lastPositionAt - DAY_MS, end: r.lastPositionAt }), {
    label: O.lastDay,
    width: 90,
  }),
];

type Extra = { minHours: number; kind: OfflineKind };
const minHoursOf = (text: string | null) => {
  const n = Number(text);
  return Number.isInteger(n) && n >= 0 && n <= 876_000 ? n : 0;
};
const offlineFilters: ExtraFilters<Extra> = {
  fromParams: (params) => ({
    minHours: minHoursOf(params.get('minHours')),
    kind: (OFFLINE_KINDS as readonly string[]).includes(params.get('kind') ?? '') ? (params.get('kind') as OfflineKind) : 'all',
  }),
  render: (draft, setDraft) => (
    <>
      <Select
        style={{ width: 150 }}
        value={draft.minHours}
        options={HOURS_OPTIONS}
        onChange={(minHours) => setDraft({ ...draft, minHours })}
        data-testid="offline-min-hours"
      />
      <Select
        style={{ width: 140 }}
        value={draft.kind}
        options={KIND_OPTIONS}
        onChange={(kind) => setDraft({ ...draft, kind })}
        data-testid="offline-kind"
      />
    </>
  ),
};

function DurationChart({ durations }: { durations: OfflineDurations }) {
  const option = useMemo(
    () => ({
      title: { text: O.chartTitle, left: 0, top: 0, textStyle: { fontSize: 13, fontWeight: 'normal', color: '#5c6470' } },
      grid: { left: 40, right: 16, top: 36, bottom: 24 },
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      xAxis: { type: 'category', data: BUCKETS.map((b) => O.buckets[b]), axisTick: { show: false } },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        {
          type: 'bar',
          barMaxWidth: 36,
          label: { show: true, position: 'top', formatter: (p: { value: number }) => (p.value ? String(p.value) : '') },
          data: BUCKETS.map((b, i) => ({
            value: durations[b],
            itemStyle: { color: b === 'never' ? '#a0a6b0' : ['#91caff', '#69b1ff', '#faad14', '#fa8c16', '#f5222d'][i] },
          })),
        },
      ],
    }),
    [durations],
  );
  // no offline vehicle at all: bare axes would say nothing the totals above do not
  if (BUCKETS.every((b) => !durations[b])) return null;
  return (
    <div className="report-chart" data-testid="offline-chart">
      <EChart option={option} />
    </div>
  );
}

/** 离线报表 (offlineReport): vehicles offline now, since when, for how long, last place (`?vehicleId=12`, optional `minHours`, `kind`). */
export function OfflineReportPage() {
  return (
    <RowReportPage
      title={O.title}
      testId="offline-report"
      endpoint={fleetReportEndpoints.offline}
      empty={EMPTY}
      exportType={REPORT_EXPORT_TYPES.offline}
      columns={columns}
      rowKey={(r) => String(r.vehicleId)}
      extraFilters={offlineFilters}
      now={() => dayText(beijingToday())}
      freshness={O.live}
      note={() => O.rule}
      chart={(data) => <DurationChart durations={data.totals.durations} />}
      stats={(data) => [
        { title: O.vehicles, value: data.totals.vehicles, testId: 'offline-vehicles' },
        { title: O.online, value: data.totals.online, testId: 'offline-online' },
        { title: O.offlineNow, value: data.totals.offline, testId: 'offline-offline' },
        { title: O.neverOnline, value: data.totals.neverOnline, testId: 'offline-never' },
        { title: O.listed, value: data.total, testId: 'offline-listed' },
      ]}
    />
  );
}
