import { useEffect, useState } from 'react';
import { centerApi } from '../shared/api/centerApi.ts';
import { toast } from '../shared/ui/toast.ts';
import { R } from './messages.ts';
import type { ReportQuery } from './reportApi.ts';

/** Loads a report whenever its query changes; an older answer never overwrites a newer one. */
export function useReportData<T, Q extends ReportQuery>(fetch: (q: Q) => Promise<T>, query: Q, empty: T) {
  const [data, setData] = useState<T>(empty);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    let current = true;
    setLoading(true);
    fetch(query)
      .then((d) => current && setData(d))
      .catch(() => undefined) // shown by the request layer
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [fetch, query]);
  return { data, loading };
}

/** Queues the report's Excel file in the download centre, with the filters on screen. */
export function useReportExport(reportType: string, title: string) {
  const [exporting, setExporting] = useState(false);
  const run = async (query: ReportQuery, extra: object = {}) => {
    const { current: _c, pageSize: _p, ...filters } = query;
    setExporting(true);
    try {
      await centerApi.createExport(reportType, `${title} ${filters.startDate}至${filters.endDate}`, { ...filters, ...extra });
      toast.success(R.filters.exportQueued);
    } catch {
      /* shown by the request layer */
    } finally {
      setExporting(false);
    }
  };
  return { exporting, run };
}
