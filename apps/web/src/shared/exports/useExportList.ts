import { exportEndpoints } from '@chelian/contracts';
import { usePagedList } from '../list/usePagedList.ts';
import { useReloadEvery } from '../list/useLoaded.ts';

/** How often a list with a record still queued or being made asks again (quietly). */
export const EXPORT_POLL_MS = 3000;

/**
 * The caller's export records (下载中心, and the data report's 导出记录 drawer): the paged list,
 * followed quietly every 3 s while a record is still queued or being made. `enabled` false waits
 * (a shut drawer); each time it turns true the list loads again.
 */
export function useExportList(enabled = true) {
  const list = usePagedList(exportEndpoints.list, {}, { enabled });
  const { reload } = list;
  const pending = list.rows.some((r) => r.status === 'queued' || r.status === 'running');
  useReloadEvery(reload, EXPORT_POLL_MS, enabled && pending);
  return { ...list, pending };
}

export type ExportList = ReturnType<typeof useExportList>;
