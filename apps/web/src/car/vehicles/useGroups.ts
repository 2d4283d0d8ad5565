import { useCallback, useEffect, useState } from 'react';
import { groupEndpoints, type GroupNode } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';

/** The visible group tree, for filters, forms and the group page; reload() after a change. */
export function useGroups(): [GroupNode[], () => void] {
  const [groups, setGroups] = useState<GroupNode[]>([]);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let alive = true;
    call(groupEndpoints.tree)
      .then((tree) => alive && setGroups(tree))
      .catch(() => alive && setGroups([]));
    return () => {
      alive = false;
    };
  }, [version]);
  return [groups, useCallback(() => setVersion((v) => v + 1), [])];
}
