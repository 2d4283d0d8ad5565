import { useCallback } from 'react';
import { accountEndpoints } from '@chelian/contracts';
import { useWholeList } from '../../shared/list/useLoaded.ts';

/** Every role of the caller's subtree: `roles` for pickers, `list` for the list frame (角色管理). */
export function useRoles() {
  const list = useWholeList(accountEndpoints.roleList);
  const { reload: load } = list;
  const reload = useCallback(() => void load(), [load]);
  return { roles: list.rows, list, reload };
}
