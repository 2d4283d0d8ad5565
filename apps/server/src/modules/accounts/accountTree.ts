import type { AccountRow } from './admin.queries.ts';

export interface AccountTreeNode {
  accountId: number;
  accountName: string;
  children: AccountTreeNode[];
}

/** Nests accounts (ordered by path, the caller's own first) under their parents. */
export function accountTree(rows: AccountRow[]): AccountTreeNode[] {
  const nodes = new Map<number, AccountTreeNode>();
  const roots: AccountTreeNode[] = [];
  for (const row of rows) {
    const node = { accountId: row.id, accountName: row.name, children: [] };
    nodes.set(row.id, node);
    const parent = row.parent_id === null ? undefined : nodes.get(row.parent_id);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}
