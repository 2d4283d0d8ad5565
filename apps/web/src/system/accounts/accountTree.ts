import type { Account } from '@chelian/contracts';

export interface AccountNode {
  account: Account;
  children: AccountNode[];
}

/** Nests the flat list (parents before children, as the server orders it) under their parents. */
export function nestAccounts(accounts: readonly Account[]): AccountNode[] {
  const nodes = new Map<number, AccountNode>();
  const roots: AccountNode[] = [];
  for (const account of accounts) {
    const node: AccountNode = { account, children: [] };
    nodes.set(account.id, node);
    const parent = account.parentId === null ? undefined : nodes.get(account.parentId);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

const matches = (a: Account, keyword: string) => [a.name, a.contact, a.phone].some((text) => text.toLowerCase().includes(keyword));

/** Keeps the accounts that match and the path down to each (so a match is never shown orphaned). */
export function filterAccounts(tree: readonly AccountNode[], keyword: string): AccountNode[] {
  const k = keyword.trim().toLowerCase();
  if (!k) return [...tree];
  const out: AccountNode[] = [];
  for (const node of tree) {
    const children = filterAccounts(node.children, k);
    if (children.length || matches(node.account, k)) out.push({ account: node.account, children });
  }
  return out;
}

/** Every account id of the tree, for expanding it whole. */
export function accountIds(tree: readonly AccountNode[]): number[] {
  return tree.flatMap((n) => [n.account.id, ...accountIds(n.children)]);
}

/** True while the account still holds something that blocks its deletion. */
export const holdsAnything = (a: Account) => a.childCount + a.terminalCount + a.vehicleCount + a.personCount + a.petCount > 0;
