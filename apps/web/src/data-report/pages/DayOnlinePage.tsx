import { Progress } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { REPORT_EXPORT_TYPES, reportEndpoints, type OnlineDay, type OnlinePage } from '@chelian/contracts';
import { clockText, percentText, secondsText } from '../format.ts';
import { R } from '../messages.ts';
import { DailyReport } from './DailyReport.tsx';
import { vehicleColumns } from './reportColumns.tsx';

const EMPTY: OnlinePage = { total: 0, current: 1, pageSize: 10, list: [], totals: { onlineSeconds: 0, onlineRate: 0 } };
const O = R.online;

const columns: ColumnsType<OnlineDay> = [
  ...vehicleColumns<OnlineDay>(),
  { title: O.online, dataIndex: 'onlineSeconds', width: 130, render: (s: number) => (s > 0 ? <b>{secondsText(s)}</b> : secondsText(s)) },
  { title: O.first, dataIndex: 'firstOnlineAt', width: 120, render: clockText },
  {
    title: O.last,
    dataIndex: 'lastOfflineAt',
    width: 120,
    render: (t: number | null, r) => (t === null && r.onlineSeconds > 0 ? O.stillOnline : clockText(t)),
  },
  {
    title: O.rate,
    dataIndex: 'onlineRate',
    width: 200,
    render: (rate: number | null) =>
      rate === null ? (
        percentText(rate)
      ) : (
        <Progress percent={Math.round(rate * 1000) / 10} size="small" format={() => percentText(rate)} status="normal" />
      ),
  },
];

/** 在线明细 (carDayOnline): online time per vehicle and day (`?vehicleId=12` opens on one vehicle). */
export function DayOnlinePage() {
  return (
    <DailyReport
      title={O.title}
      testId="online-report"
      endpoint={reportEndpoints.online}
      empty={EMPTY}
      exportType={REPORT_EXPORT_TYPES.online}
      columns={columns}
      isEmpty={(r) => r.onlineSeconds === 0}
      stats={(data) => [
        { title: R.stats.totalOnline, value: secondsText(data.totals.onlineSeconds), testId: 'total-online' },
        { title: R.stats.onlineRate, value: percentText(data.totals.onlineRate) },
      ]}
    />
  );
}
