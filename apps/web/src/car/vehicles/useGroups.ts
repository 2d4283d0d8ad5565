import { useCallback, useEffect, useState } from 'react';
import { groupEndpoints, type GroupNode } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';

/** The visible group tree (of one account when given), for filters, forms and the group page; reload() after a change. */
export function useGroups(accountId?: number): [GroupNode[], () => void] {
  const [groups, setGroups] = useState<GroupNode[]>([]);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let alive = true;
    call(groupEndpoints.tree, { accountId })
      .then((tree) => alive && setGroups(tree))
      .catch(() => alive && setGroups([]));
    return () => {
      alive = false;
    };
  }, [accountId, version]);
  return [groups, useCallback(() => setVersion((v) => v + 1), [])];
}
