import { useCallback, useEffect, useState } from 'react';
import { accountEndpoints, type Role } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';

/** Every role of the caller's subtree. */
export function useRoles() {
  const [roles, setRoles] = useState<Role[]>([]);
  const [loading, setLoading] = useState(true);
  const reload = useCallback(() => {
    setLoading(true);
    call(accountEndpoints.roleList)
      .then(setRoles)
      .catch(() => {})
      .finally(() => setLoading(false));
  }, []);
  useEffect(reload, [reload]);
  return { roles, loading, reload };
}
