import { useCallback } from 'react';
import { accountEndpoints } from '@chelian/contracts';
import { useWholeList } from '../../shared/list/usePagedList.ts';

/** Every role of the caller's subtree. */
export function useRoles() {
  const { rows, loading, reload: load } = useWholeList(accountEndpoints.roleList);
  const reload = useCallback(() => void load(), [load]);
  return { roles: rows, loading, reload };
}
