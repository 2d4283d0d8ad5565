import { useCallback, useEffect, useState } from 'react';
import { accountEndpoints, type Account } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';

/** The caller's account and every account below it (flat, parents first), and a way to reload them. */
export function useAccounts() {
  const [accounts, setAccounts] = useState<Account[]>([]);
  const [loading, setLoading] = useState(true);
  const reload = useCallback(() => {
    setLoading(true);
    call(accountEndpoints.accountList)
      .then(setAccounts)
      .catch(() => {})
      .finally(() => setLoading(false));
  }, []);
  useEffect(reload, [reload]);
  return { accounts, loading, reload };
}

/** The accounts as TreeSelect options (value = account id), nested. */
export function accountOptions(accounts: readonly Account[]) {
  type Option = { value: number; title: string; children: Option[] };
  const byId = new Map<number, Option>();
  const roots: Option[] = [];
  for (const a of accounts) {
    const option: Option = { value: a.id, title: a.name, children: [] };
    byId.set(a.id, option);
    const parent = a.parentId === null ? undefined : byId.get(a.parentId);
    if (parent) parent.children.push(option);
    else roots.push(option);
  }
  return roots;
}
