import type { ColumnsType } from 'antd/es/table';
import type { AnswerOf, ExportType, reportEndpoints } from '@chelian/contracts';
import { RowReportPage, type ReportStat } from './RowReportPage.tsx';

/** The reports of one row per vehicle and day; both take the common filters. */
type DailyEndpoint = typeof reportEndpoints.mileage | typeof reportEndpoints.online;
type RowOf<E extends DailyEndpoint> = AnswerOf<E>['list'][number];

interface Props<E extends DailyEndpoint> {
  title: string;
  testId: string;
  endpoint: E;
  empty: AnswerOf<E>;
  exportType: ExportType;
  columns: ColumnsType<RowOf<E>>;
  stats: (data: AnswerOf<E>) => ReportStat[];
  /** Days without anything to report are shown muted. */
  isEmpty: (row: RowOf<E>) => boolean;
}

/** A report of one row per vehicle and day: the row-report frame, days with nothing to report muted. */
export function DailyReport<E extends DailyEndpoint>({ isEmpty, ...props }: Props<E>) {
  return (
    <RowReportPage<E> {...props} rowKey={(r) => `${r.vehicleId}-${r.day}`} rowClassName={(r) => (isEmpty(r) ? 'report-row-empty' : '')} />
  );
}
