import { useCallback } from 'react';
import { groupEndpoints, type GroupNode } from '@chelian/contracts';
import { useWholeList } from '../../shared/list/useLoaded.ts';

/** The visible group tree (of one account when given), for filters, forms and the group page; reload() after a change. */
export function useGroups(accountId?: number): [GroupNode[], () => void] {
  const { rows, reload } = useWholeList(groupEndpoints.tree, { accountId }, { keepOnFailure: false });
  return [rows, useCallback(() => void reload(), [reload])];
}
