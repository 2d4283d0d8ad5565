import { useCallback } from 'react';
import { accountEndpoints, type Account } from '@chelian/contracts';
import { useWholeList } from '../../shared/list/useLoaded.ts';

/** The caller's account and every account below it (flat, parents first), and a way to reload them. */
export function useAccounts() {
  const list = useWholeList(accountEndpoints.accountList);
  const { reload: load } = list;
  const reload = useCallback(() => void load(), [load]);
  // list: for the list frame (ListCard), with its spinner and a failed load's 重试
  return { list, accounts: list.rows, reload };
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
