import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { AnswerOf, InputOf, reportEndpoints } from '@chelian/contracts';
import { ExportButton, ReportFilterBar } from '../filters/ReportFilterBar.tsx';
import { useReportFilters } from '../filters/useReportFilters.ts';
import { useReportData, useReportExport } from '../useReport.ts';
import { ReportPage } from './ReportPage.tsx';
import { pagerOf } from '../../shared/ui/pagination.ts';

/** The reports of one row per vehicle and day; both take the common filters. */
type DailyEndpoint = typeof reportEndpoints.mileage | typeof reportEndpoints.online;
type RowOf<E extends DailyEndpoint> = AnswerOf<E>['list'][number];

interface Props<E extends DailyEndpoint> {
  title: string;
  testId: string;
  endpoint: E;
  empty: AnswerOf<E>;
  exportType: string;
  columns: ColumnsType<RowOf<E>>;
  stats: (data: AnswerOf<E>) => Array<{ title: string; value: React.ReactNode; testId?: string }>;
  scrollX: number;
  /** Days without anything to report are shown muted. */
  isEmpty: (row: RowOf<E>) => boolean;
}

/** A report of one row per vehicle and day: filters, the range's totals, the paged table, export. */
export function DailyReport<E extends DailyEndpoint>({ title, testId, endpoint, empty, exportType, columns, stats, scrollX, isEmpty }: Props<E>) {
  const f = useReportFilters();
  // Both daily endpoints take exactly the common filters (TypeScript cannot see it through E).
  const { data, loading } = useReportData(endpoint, f.query as InputOf<E>, empty);
  const exporter = useReportExport(exportType, title);
  return (
    <ReportPage
      title={title}
      testId={testId}
      extra={<ExportButton onClick={() => void exporter.run(f.query)} loading={exporter.exporting} />}
      filters={<ReportFilterBar value={f.draft} accountId={f.accountId} onChange={f.setDraft} onSearch={f.search} onReset={f.reset} />}
      stats={stats(data)}
    >
      <Table<RowOf<E>>
        rowKey={(r) => `${r.vehicleId}-${r.day}`}
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={data.list}
        rowClassName={(r) => (isEmpty(r) ? 'report-row-empty' : '')}
        scroll={{ x: scrollX }}
        data-testid={`${testId}-table`}
        pagination={pagerOf(data, data, f.setPaging)}
      />
    </ReportPage>
  );
}
