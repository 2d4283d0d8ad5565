import type { ResourceNode } from '@chelian/contracts';

/** Parent of every node and the ids below every node, for cascading checks by hand. */
export function indexTree(tree: readonly ResourceNode[]) {
  const parent = new Map<number, number>();
  const below = new Map<number, number[]>();
  const walk = (node: ResourceNode): number[] => {
    const ids = node.children.flatMap((child) => {
      parent.set(child.id, node.id);
      return [child.id, ...walk(child)];
    });
    below.set(node.id, ids);
    return ids;
  };
  tree.forEach(walk);
  return { parent, below };
}

export type TreeIndex = ReturnType<typeof indexTree>;

/**
 * Checking a node grants it, everything below it and the menus above it (a button is useless
 * without its menu); unchecking takes it and everything below it away. A menu may stay granted
 * with none of its buttons.
 */
export function toggle(index: TreeIndex, granted: ReadonlySet<number>, id: number, on: boolean): Set<number> {
  const next = new Set(granted);
  const subtree = [id, ...(index.below.get(id) ?? [])];
  if (on) {
    subtree.forEach((x) => next.add(x));
    for (let p = index.parent.get(id); p !== undefined; p = index.parent.get(p)) next.add(p);
  } else subtree.forEach((x) => next.delete(x));
  return next;
}

/** Only ids present in the tree (what the caller may grant), in a stable order. */
export function grantable(index: TreeIndex, granted: ReadonlySet<number>): number[] {
  return [...granted].filter((id) => index.below.has(id)).sort((a, b) => a - b);
}
