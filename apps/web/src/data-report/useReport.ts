import { useState } from 'react';
import { DIRECT_EXPORT_MAX_ROWS, EXPORT_ERRORS, exportEndpoints, type ExportType, type ReportQuery } from '@chelian/contracts';
import { call } from '../shared/request/call.ts';
import { errorText, RequestError } from '../shared/request/RequestError.ts';
import { toast } from '../shared/ui/toast.ts';
import { useExportRecords } from './exports/exportRecordsStore.ts';
import { R } from './messages.ts';

/**
 * The report's Excel file with the filters on screen: downloaded at once when the result is small;
 * a large one becomes a task in the download centre, and 导出记录 opens to follow it. `rows`, the
 * total the page shows, sends a result past DIRECT_EXPORT_MAX_ROWS straight to the queue; without
 * it (or with a server limit lower than that) the server's export.tooLargeForDirect decides.
 */
export function useReportExport(reportType: ExportType, title: string) {
  const [exporting, setExporting] = useState(false);
  const showRecords = useExportRecords((s) => s.show);
  const run = async (query: Partial<ReportQuery> & Record<string, unknown>, extra: object = {}, period?: string, rows?: number) => {
    const { current: _c, pageSize: _p, ...filters } = query;
    const name = `${title} ${period ?? `${filters.startDate}至${filters.endDate}`}`;
    const input = { reportType, name, params: JSON.stringify({ ...filters, ...extra }) };
    const queue = async () => {
      try {
        await call(exportEndpoints.create, input);
        toast.success(R.filters.exportQueued);
        showRecords();
      } catch {
        /* shown by the request layer */
      }
    };
    setExporting(true);
    try {
      if (rows !== undefined && rows > DIRECT_EXPORT_MAX_ROWS) {
        await queue();
        return;
      }
      const saved = await call(exportEndpoints.direct, input, { silent: true, fileName: `${name}.xlsx` });
      toast.success(R.filters.exportSaved(saved));
    } catch (err) {
      if (err instanceof RequestError && err.is(EXPORT_ERRORS.tooLargeForDirect)) await queue();
      else toast.error(errorText(err, R.filters.exportFailed));
    } finally {
      setExporting(false);
    }
  };
  return { exporting, run };
}
