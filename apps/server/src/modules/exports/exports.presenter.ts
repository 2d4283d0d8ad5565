import type { ExportRecord } from '@chelian/contracts';
import type { ExportRow } from './exports.queries.ts';

/** As the download centre lists it. */
export const presentExport = (r: ExportRow): ExportRecord => ({
  id: r.id,
  name: r.name,
  reportType: r.report_type,
  status: r.status,
  created: r.created_at.getTime(),
  finished: r.finished_at?.getTime() ?? null,
  fileName: r.file_name,
  size: r.size,
  error: r.error,
});
