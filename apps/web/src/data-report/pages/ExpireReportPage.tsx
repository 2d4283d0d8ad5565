import { Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import {
  EXPIRE_DEFAULT_DAYS,
  EXPIRE_STATUSES,
  EXPIRE_WITHIN_DAYS,
  fleetReportEndpoints,
  REPORT_EXPORT_TYPES,
  type ExpirePage,
  type ExpireRow,
  type ExpireStatus,
} from '@chelian/contracts';
import { beijingToday } from '../../shared/format/beijingTime.ts';
import { dayText } from '../filters/reportRange.ts';
import { timeText } from '../format.ts';
import { R } from '../messages.ts';
import { plainVehicleColumns } from './reportColumns.tsx';
import { RowReportPage, type ExtraFilters } from './RowReportPage.tsx';

const E = R.expire;
const EMPTY: ExpirePage = {
  total: 0,
  current: 1,
  pageSize: 10,
  list: [],
  totals: { expired: 0, expiring: 0, within7: 0, within30: 0, within90: 0 },
};
const DAYS_OPTIONS = EXPIRE_WITHIN_DAYS.map((d) => ({ value: d, label: E.within(d) }));
const STATUS_OPTIONS = EXPIRE_STATUSES.map((s) => ({ value: s, label: E.statuses[s] }));

/** Red once expired, orange within a week, blue later: as 终端管理 colours its expiry. */
const tone = (r: ExpireRow) => (r.expired ? 'error' : r.daysLeft < 7 ? 'warning' : 'processing');

const columns: ColumnsType<ExpireRow> = [
  ...plainVehicleColumns<ExpireRow>(),
  { title: R.common.account, dataIndex: 'accountName', width: 140 },
  { title: E.expiresAt, dataIndex: 'serviceExpiresAt', width: 160, render: timeText },
  { title: E.left, key: 'left', width: 130, render: (_: unknown, r) => <Tag color={tone(r)}>{E.daysLeft(r.daysLeft, r.expired)}</Tag> },
  { title: E.activatedAt, dataIndex: 'activatedAt', width: 160, render: timeText },
  {
    title: E.state,
    dataIndex: 'online',
    width: 90,
    render: (online: boolean) => (online ? <Tag color="success">{E.online}</Tag> : <Tag>{E.offline}</Tag>),
  },
];

type Extra = { withinDays: number; status: ExpireStatus };
const expireFilters: ExtraFilters<Extra> = {
  fromParams: (params) => {
    const days = Number(params.get('withinDays'));
    const status = params.get('status') ?? '';
    return {
      withinDays: (EXPIRE_WITHIN_DAYS as readonly number[]).includes(days) ? days : EXPIRE_DEFAULT_DAYS,
      status: (EXPIRE_STATUSES as readonly string[]).includes(status) ? (status as ExpireStatus) : 'all',
    };
  },
  render: (draft, setDraft) => (
    <>
      <Select
        style={{ width: 130 }}
        value={draft.withinDays}
        options={DAYS_OPTIONS}
        onChange={(withinDays) => setDraft({ ...draft, withinDays })}
        data-testid="expire-within"
      />
      <Select
        style={{ width: 160 }}
        value={draft.status}
        options={STATUS_OPTIONS}
        onChange={(status) => setDraft({ ...draft, status })}
        data-testid="expire-status"
      />
    </>
  ),
};

/** 到期报表 (expireReport): terminals whose service has ended or ends within the window (`?vehicleId=12`, optional `withinDays`, `status`). */
export function ExpireReportPage() {
  return (
    <RowReportPage
      title={E.title}
      testId="expire-report"
      endpoint={fleetReportEndpoints.expire}
      empty={EMPTY}
      exportType={REPORT_EXPORT_TYPES.expire}
      columns={columns}
      rowKey={(r) => String(r.vehicleId)}
      extraFilters={expireFilters}
      now={() => dayText(beijingToday())}
      freshness={R.offline.live}
      note={() => E.rule}
      stats={(data) => [
        { title: E.expired, value: data.totals.expired, testId: 'expire-expired' },
        { title: E.expiring(7), value: data.totals.within7, testId: 'expire-7' },
        { title: E.expiring(30), value: data.totals.within30, testId: 'expire-30' },
        { title: E.expiring(90), value: data.totals.within90, testId: 'expire-90' },
      ]}
    />
  );
}
