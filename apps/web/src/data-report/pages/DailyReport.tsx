import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Page, ReportVehicle } from '@chelian/contracts';
import { ExportButton, ReportFilterBar } from '../filters/ReportFilterBar.tsx';
import { useReportFilters } from '../filters/useReportFilters.ts';
import { R } from '../messages.ts';
import type { ReportQuery } from '../reportApi.ts';
import { useReportData, useReportExport } from '../useReport.ts';
import { ReportPage } from './ReportPage.tsx';

type Row = ReportVehicle & { day: string };

interface Props<T extends Row, P extends Page<T>> {
  title: string;
  testId: string;
  fetch: (q: ReportQuery) => Promise<P>;
  empty: P;
  exportType: string;
  columns: ColumnsType<T>;
  stats: (data: P) => Array<{ title: string; value: React.ReactNode; testId?: string }>;
  scrollX: number;
  /** Days without anything to report are shown muted. */
  isEmpty: (row: T) => boolean;
}

/** A report of one row per vehicle and day: filters, the range's totals, the paged table, export. */
export function DailyReport<T extends Row, P extends Page<T>>({ title, testId, fetch, empty, exportType, columns, stats, scrollX, isEmpty }: Props<T, P>) {
  const f = useReportFilters();
  const { data, loading } = useReportData(fetch, f.query, empty);
  const exporter = useReportExport(exportType, title);
  return (
    <ReportPage
      title={title}
      testId={testId}
      extra={<ExportButton onClick={() => void exporter.run(f.query)} loading={exporter.exporting} />}
      filters={<ReportFilterBar value={f.draft} accountId={f.accountId} onChange={f.setDraft} onSearch={f.search} onReset={f.reset} />}
      stats={stats(data)}
    >
      <Table
        rowKey={(r) => `${r.vehicleId}-${r.day}`}
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={data.list}
        rowClassName={(r) => (isEmpty(r) ? 'report-row-empty' : '')}
        scroll={{ x: scrollX }}
        data-testid={`${testId}-table`}
        pagination={{ current: data.current, pageSize: data.pageSize, total: data.total, showTotal: R.common.total, showSizeChanger: true, onChange: (current, pageSize) => f.setPaging({ current, pageSize }) }}
      />
    </ReportPage>
  );
}
