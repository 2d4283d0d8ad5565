import type { GroupNode } from '@chelian/contracts';

export interface GroupOption {
  value: number;
  title: string;
  disabled?: boolean;
  children?: GroupOption[];
}

/**
 * The group tree as TreeSelect data. `exclude`: a group that may not be picked with everything
 * below it (a group cannot move under itself or be the place its own vehicles go).
 */
export function groupOptions(nodes: GroupNode[], exclude?: number): GroupOption[] {
  return nodes.map((g) => ({
    value: g.id,
    title: g.name,
    disabled: g.id === exclude || undefined,
    children: g.children.length ? (g.id === exclude ? undefined : groupOptions(g.children, exclude)) : undefined,
  }));
}

export function findGroup(nodes: GroupNode[], id: number | null | undefined): GroupNode | undefined {
  for (const g of nodes) {
    if (g.id === id) return g;
    const hit = findGroup(g.children, id);
    if (hit) return hit;
  }
  return undefined;
}
