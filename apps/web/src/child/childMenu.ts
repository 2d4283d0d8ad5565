import type { ResourceNode } from '@chelian/contracts';
import { filterMenu, menuNodes, type PermissionSets } from '../shared/permission/permissions.ts';

/**
 * The menu of one sub-product from the resource tree: its platform's menu nodes, filtered by the
 * permitted map; the product's root node (path '/{system}/') is unwrapped to its children.
 */
export function childMenu(tree: readonly ResourceNode[], platformId: number, sets: PermissionSets): ResourceNode[] {
  const nodes = filterMenu(menuNodes(tree, platformId), sets.menus);
  const out: ResourceNode[] = [];
  for (const node of nodes) {
    if (node.id === 0 || node.path.endsWith('/')) out.push(...(node.children ?? []));
    else out.push(node);
  }
  return out;
}

/** '/car/monitor' → '/monitor' for base '/car'; other products' paths stay absolute (null). */
export function toChildPath(resourcePath: string, base: string): string | null {
  if (resourcePath === base || resourcePath === `${base}/`) return '/';
  return resourcePath.startsWith(`${base}/`) ? resourcePath.slice(base.length) : null;
}

/** The menu node for a path inside the child (longest matching resource path wins). */
export function findMenu(menu: readonly ResourceNode[], childPath: string, base: string): ResourceNode | undefined {
  let best: ResourceNode | undefined;
  const walk = (nodes: readonly ResourceNode[]) => {
    for (const node of nodes) {
      const own = toChildPath(node.path, base);
      if (own && own !== '/' && (childPath === own || childPath.startsWith(`${own}/`)) && (!best || node.path.length > best.path.length))
        best = node;
      walk(node.children ?? []);
    }
  };
  walk(menu);
  return best;
}
