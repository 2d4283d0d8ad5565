import { Button, Select, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { REPORT_EXPORT_TYPES, reportEndpoints, STAY_MIN_MINUTES, type StayPage, type StayRow } from '@chelian/contracts';
import { playbackUrl } from '../../shared/links/carLinks.ts';
import { AddressText } from '../../shared/address/AddressText.tsx';
import { secondsText, timeText } from '../format.ts';
import { R } from '../messages.ts';
import { RowReportPage, type ExtraFilters } from './RowReportPage.tsx';
import { vehicleColumns } from './reportColumns.tsx';
import { isOngoing, minMinutesFromParams, stayPlayback } from './stayRows.ts';

const S = R.stay;
const EMPTY: StayPage = { total: 0, current: 1, pageSize: 10, list: [], totals: { stays: 0, seconds: 0, vehicles: 0 } };
const MINUTE_OPTIONS = STAY_MIN_MINUTES.map((m) => ({ value: m, label: S.atLeast(m) }));

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
  {
    title: '',
    key: 'op',
    width: 60,
    fixed: 'right',
    render: (_: unknown, r) => (
      <Button type="link" size="small" onClick={() => window.open(playbackUrl(r.vehicleId, stayPlayback(r)), '_blank')}>
        {R.common.playback}
      </Button>
    ),
  },
];

const minStay: ExtraFilters<{ minMinutes: number }> = {
  fromParams: (params) => ({ minMinutes: minMinutesFromParams(params) }),
  render: (draft, setDraft) => (
    <Select
      style={{ width: 175 }}
      value={draft.minMinutes}
      options={MINUTE_OPTIONS}
      onChange={(minMinutes) => setDraft({ minMinutes })}
      prefix={S.minDuration}
      data-testid="stay-min"
    />
  ),
};

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
