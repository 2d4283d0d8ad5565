import { Select, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import {
  drivingReportEndpoints,
  OVERSPEED_DEFAULT_LIMIT_KMH,
  OVERSPEED_DEFAULT_MIN_SECONDS,
  OVERSPEED_MIN_SECONDS,
  REPORT_EXPORT_TYPES,
  type OverspeedPage,
  type OverspeedRow,
} from '@chelian/contracts';
import { AddressText } from '../../shared/address/AddressText.tsx';
import { secondsText, timeText } from '../format.ts';
import { R } from '../messages.ts';
import { RowReportPage, type ExtraFilters } from './RowReportPage.tsx';
import { playbackColumn, vehicleColumns } from './reportColumns.tsx';
import { speedText } from '../../shared/format/speed.ts';

const O = R.overspeed;
const EMPTY: OverspeedPage = {
  total: 0,
  current: 1,
  pageSize: 10,
  list: [],
  totals: { episodes: 0, seconds: 0, vehicles: 0, maxSpeed: 0 },
};
const DURATIONS = OVERSPEED_MIN_SECONDS.map((s) => ({ value: s, label: s === 0 ? O.anyDuration : O.atLeast(s) }));
/** Playback opens a minute either side: how the vehicle got that fast, and slowed down. */
const AROUND_MS = 60_000;

const limitCell = (r: OverspeedRow) => {
  const tag = (
    <Tag color={r.limitSource === 'fence' ? 'purple' : r.limitSource === 'vehicle' ? 'blue' : 'default'}>{O.sources[r.limitSource]}</Tag>
  );
  return (
    <span className="report-limit">
      <b>{r.limitKmh}</b>{' '}
      {r.limitSource === 'fence' ? (
        <Tooltip title={O.fenceTip(r.fenceName)}>
          {tag}
          <span className="report-option-sub">{r.fenceName}</span>
        </Tooltip>
      ) : (
        tag
      )}
    </span>
  );
};

const columns: ColumnsType<OverspeedRow> = [
  ...vehicleColumns<OverspeedRow>(),
  { title: O.start, dataIndex: 'startAt', width: 150, render: timeText },
  { title: O.end, dataIndex: 'endAt', width: 150, render: timeText },
  { title: O.duration, dataIndex: 'seconds', width: 85, render: (s: number) => <b>{secondsText(s)}</b> },
  {
    title: O.maxSpeed,
    dataIndex: 'maxSpeed',
    width: 115,
    align: 'right',
    render: (v: number) => <b className="report-overspeed">{speedText(v)}</b>,
  },
  { title: O.limit, key: 'limit', width: 140, render: (_: unknown, r) => limitCell(r) },
  { title: O.place, key: 'place', width: 220, render: (_: unknown, r) => <AddressText point={{ lon: r.lon, lat: r.lat, mac: '' }} /> },
  playbackColumn<OverspeedRow>((r) => ({ start: r.startAt - AROUND_MS, end: r.endAt + AROUND_MS })),
];

/** The shortest episode from the address (?minSeconds=30), when it is one of the choices; else the default. */
const minSecondsOf = (params: URLSearchParams) => {
  const n = params.get('minSeconds') === null ? Number.NaN : Number(params.get('minSeconds'));
  return (OVERSPEED_MIN_SECONDS as readonly number[]).includes(n) ? n : OVERSPEED_DEFAULT_MIN_SECONDS;
};

const minDuration: ExtraFilters<{ minSeconds: number }> = {
  fromParams: (params) => ({ minSeconds: minSecondsOf(params) }),
  render: (draft, setDraft) => (
    <Select
      style={{ width: 160 }}
      value={draft.minSeconds}
      options={DURATIONS}
      onChange={(minSeconds) => setDraft({ minSeconds })}
      prefix={O.minDuration}
      data-testid="overspeed-min"
    />
  ),
};

/** 超速报表 (overspeedReport): each episode above the limit that applied (`?vehicleId=12`, optional `minSeconds`). */
export function OverspeedReportPage() {
  return (
    <RowReportPage
      title={O.title}
      testId="overspeed-report"
      endpoint={drivingReportEndpoints.overspeed}
      empty={EMPTY}
      exportType={REPORT_EXPORT_TYPES.overspeed}
      columns={columns}
      rowKey={(r) => `${r.vehicleId}-${r.startAt}`}
      extraFilters={minDuration}
      note={(x) => O.rule(OVERSPEED_DEFAULT_LIMIT_KMH, x.minSeconds)}
      freshness={R.common.rawFreshness}
      stats={(data) => [
        { title: O.episodes, value: data.totals.episodes, testId: 'total-overspeed' },
        { title: O.time, value: secondsText(data.totals.seconds), testId: 'total-overspeed-time' },
        { title: O.vehicles, value: data.totals.vehicles },
        { title: O.top, value: data.totals.maxSpeed, testId: 'overspeed-top' },
      ]}
    />
  );
}
