import { useCallback, useMemo } from 'react';
import { useClientStore } from '../../shared/stores/clientStore.ts';
import { toast } from '../../shared/ui/toast.ts';
import { REPORT_MAX_DAYS } from '@chelian/contracts';
import type { ReportQuery } from '@chelian/contracts';
import { R } from '../messages.ts';
import { dayText, rangeFromParams, rangeTooLong, type DayRange } from './reportRange.ts';
import { useLinkedFilters } from './useLinkedFilters.ts';

export interface ReportFilterValues {
  range: DayRange;
  vehicleId?: number;
  groupId?: number;
  /** Extra filters of one report (the alarm types). */
  types?: string[];
}

/** What every report is asked with, without the paging. */
export type ReportFilterQuery = Omit<ReportQuery, 'current' | 'pageSize'>;

const fromParams = (params: URLSearchParams): ReportFilterValues => ({
  range: rangeFromParams(params),
  vehicleId: Number(params.get('vehicleId')) || undefined,
  groupId: Number(params.get('groupId')) || undefined,
});

/**
 * A report page's filters: the draft in the filter bar and the applied ones the table shows. The address pre-fills them (deep links: ?vehicleId=12, optional startDate/endDate);
 * the customer picked in the shell's group selector narrows to that account.
 */
export function useReportFilters() {
  const accountId = useClientStore((s) =>
    s.navUserClient && s.navUserClient.accountId !== s.user?.accountId ? s.navUserClient.accountId : undefined,
  );
  // Deep links (?vehicleId=12, optional startDate/endDate) fill them, and replace them while the page is open.
  const { draft, setDraft, applied, apply, reset } = useLinkedFilters(fromParams);

  const search = useCallback(() => {
    if (rangeTooLong(draft.range)) {
      toast.warning(R.filters.maxDays(REPORT_MAX_DAYS));
      return;
    }
    apply();
  }, [draft, apply]);

  // The filters only: the list hook (usePagedList) owns the page, and goes back to page 1 when these change.
  const query: ReportFilterQuery = useMemo(
    () => ({
      startDate: dayText(applied.range[0]),
      endDate: dayText(applied.range[1]),
      vehicleId: applied.vehicleId,
      groupId: applied.groupId,
      accountId,
    }),
    [applied, accountId],
  );

  return { draft, setDraft, applied, query, accountId, search, reset };
}
