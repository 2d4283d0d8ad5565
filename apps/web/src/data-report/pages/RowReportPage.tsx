import { useCallback, useMemo, type ReactNode } from 'react';
import type { ColumnsType } from 'antd/es/table';
import type { AnswerOf, EndpointSpec, ExportType, InputOf } from '@chelian/contracts';
import { call, type CallArgs } from '../../shared/request/call.ts';
import { usePagedLoad } from '../../shared/list/usePagedList.ts';
import { ListCard } from '../../shared/ui/ListCard.tsx';
import { ExportButton, ReportFilterBar } from '../filters/ReportFilterBar.tsx';
import { useLinkedFilters } from '../filters/useLinkedFilters.ts';
import { useReportFilters } from '../filters/useReportFilters.ts';
import { useReportExport } from '../useReport.ts';
import { ReportPage } from './ReportPage.tsx';

/** A paged report endpoint: its answer is one page of rows (plus whatever totals it adds). */
type PagedEndpoint = EndpointSpec & { answer: unknown };
type PageOf<E extends PagedEndpoint> = AnswerOf<E> & { total: number; current: number; pageSize: number; list: unknown[] };
export type RowOf<E extends PagedEndpoint> = PageOf<E>['list'][number];

/** One figure of the totals line above the table. */
export interface ReportStat {
  title: string;
  value: ReactNode;
  testId?: string;
}

/**
 * A report's own filters, beyond vehicle, group and days (e.g. the shortest stay). `X` is what
 * they add to the query and to the export's parameters — a flat object of strings and numbers.
 */
export interface ExtraFilters<X extends object> {
  /** The values from the address (deep links); called with empty params for 重置's defaults. */
  fromParams: (params: URLSearchParams) => X;
  /** The controls, placed in the filter bar before 查询; they edit the draft, 查询 applies it. */
  render: (draft: X, setDraft: (next: X) => void) => ReactNode;
}

export interface RowReportPageProps<E extends PagedEndpoint, X extends object> {
  /** Card title, and the export file's name (`<title> <startDate>至<endDate>`). */
  title: string;
  /** The card's `data-testid`; the table is `<testId>-table`. */
  testId: string;
  /** The report endpoint from `reportEndpoints`; it takes the common ReportQuery (plus `X`). */
  endpoint: E;
  /** The page shown before the first answer (total 0, empty list, zero totals). */
  empty: AnswerOf<E>;
  /** `REPORT_EXPORT_TYPES.<kind>` for the 导出 button. */
  exportType: ExportType;
  columns: ColumnsType<RowOf<E>>;
  rowKey: (row: RowOf<E>) => string;
  /** The totals line, from the current answer. */
  stats: (data: AnswerOf<E>) => ReportStat[];
  /** How to read the report (the rule), shown above the table; gets the applied extra filters. */
  note?: (extra: X) => string;
  /** How current the figures are, after the rule (default: the daily rollup's delay; a report read from raw positions says so). */
  freshness?: string;
  /** A chart between the totals and the table (ECharts), when one reads better than rows. */
  chart?: (data: AnswerOf<E>, loading: boolean) => ReactNode;
  extraFilters?: ExtraFilters<X>;
  /** A row class (e.g. `report-row-empty` for a row with nothing to report). */
  rowClassName?: (row: RowOf<E>) => string;
  /** A report of the fleet as it is now (离线, 到期): no days to pick; the export file is named by `now()` (today) instead. */
  now?: () => string;
}

const noExtra: ExtraFilters<object> = { fromParams: () => ({}), render: () => null };

/**
 * The frame of a report whose rows come from one paged endpoint: filter bar (vehicle, group,
 * days and the report's own filters), the totals line, an optional chart, the paged table and
 * 导出. Opens from a deep link: `?vehicleId=12&startDate=2026-05-01&endDate=2026-05-07`, plus
 * whatever the report's `extraFilters.fromParams` reads.
 */
export function RowReportPage<E extends PagedEndpoint, X extends object = object>(props: RowReportPageProps<E, X>) {
  const { title, testId, endpoint, empty, exportType, columns, rowKey, stats, note, chart, rowClassName, now, freshness } = props;
  const extraFilters = (props.extraFilters ?? noExtra) as ExtraFilters<X>;
  const f = useReportFilters();
  // Another deep link while the page is open brings its own extra filters (the common ones follow theirs).
  const { draft, setDraft, applied, apply, reset: resetExtra } = useLinkedFilters(extraFilters.fromParams);

  // Every report endpoint takes the common filters plus its own (TypeScript cannot see it through E).
  const query = useMemo(() => ({ ...f.query, ...applied }), [f.query, applied]);
  const load = useCallback((q: typeof query) => call(endpoint, ...([q as InputOf<E>] as CallArgs<E>)) as Promise<PageOf<E>>, [endpoint]);
  const list = usePagedLoad<typeof query, RowOf<E>, PageOf<E>>(load, query);
  const data = list.data ?? (empty as PageOf<E>);
  const page = data;
  const loading = list.loading;
  const exporter = useReportExport(exportType, title);

  const search = () => {
    f.search();
    apply();
  };
  const reset = () => {
    f.reset();
    resetExtra();
  };
  return (
    <ReportPage
      title={title}
      testId={testId}
      extra={<ExportButton onClick={() => void exporter.run(f.query, applied, now?.(), page.total)} loading={exporter.exporting} />}
      filters={
        <ReportFilterBar
          value={f.draft}
          accountId={f.accountId}
          onChange={f.setDraft}
          onSearch={search}
          onReset={reset}
          range={now ? false : undefined}
        >
          {extraFilters.render(draft, setDraft)}
        </ReportFilterBar>
      }
      stats={stats(data)}
      note={note?.(applied)}
      freshness={freshness}
    >
      {chart?.(data, loading)}
      <ListCard<RowOf<E>> bare list={list} columns={columns} rowKey={rowKey} table={{ rowClassName, 'data-testid': `${testId}-table` }} />
    </ReportPage>
  );
}
