import { useEffect, useState } from 'react';
import { exportEndpoints, type AnswerOf, type EndpointSpec, type InputOf, type ReportQuery } from '@chelian/contracts';
import { call, type CallArgs } from '../shared/request/call.ts';
import { toast } from '../shared/ui/toast.ts';
import { R } from './messages.ts';

/** Loads a report from its endpoint whenever its query changes; an older answer never overwrites a newer one. */
export function useReportData<E extends EndpointSpec>(endpoint: E, query: InputOf<E>, empty: AnswerOf<E>) {
  const [data, setData] = useState<AnswerOf<E>>(empty);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    let current = true;
    setLoading(true);
    // Every report endpoint answers the envelope's obj (none produces a file).
    (call(endpoint, ...([query] as CallArgs<E>)) as Promise<AnswerOf<E>>)
      .then((d) => current && setData(d))
      .catch(() => undefined) // shown by the request layer
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [endpoint, query]);
  return { data, loading };
}

/** Queues the report's Excel file in the download centre, with the filters on screen. */
export function useReportExport(reportType: string, title: string) {
  const [exporting, setExporting] = useState(false);
  const run = async (query: ReportQuery, extra: object = {}) => {
    const { current: _c, pageSize: _p, ...filters } = query;
    setExporting(true);
    try {
      await call(exportEndpoints.create, { reportType, name: `${title} ${filters.startDate}至${filters.endDate}`, params: JSON.stringify({ ...filters, ...extra }) });
      toast.success(R.filters.exportQueued);
    } catch {
      /* shown by the request layer */
    } finally {
      setExporting(false);
    }
  };
  return { exporting, run };
}
