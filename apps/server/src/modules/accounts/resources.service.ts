import type { ResourceNode } from '@chelian/contracts';
import { SUB_SYSTEMS, type SubSystem } from '@chelian/contracts';
import type { Queryable } from '../../db/types.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import { accountsQueries, type ResourceRow } from './accounts.queries.ts';
import { RESOURCES } from '@chelian/contracts';

/** Builds the nested tree from flat rows; a node whose parent the role lacks becomes a root. */
export function buildTree(rows: ResourceRow[]): ResourceNode[] {
  const nodes = new Map<number, ResourceNode>();
  for (const r of rows) {
    nodes.set(r.id, {
      id: r.id,
      name: r.name,
      type: r.type,
      code: r.code,
      path: r.path,
      icon: r.icon,
      platformId: r.platform_id,
      parentId: r.parent_id,
      sort: r.sort,
      children: [],
    });
  }
  const roots: ResourceNode[] = [];
  for (const node of nodes.values()) {
    const parent = nodes.get(node.parentId);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

export async function resourceTree(q: Queryable, user: SessionUser): Promise<ResourceNode[]> {
  return buildTree(await accountsQueries.resourcesOfRole(q, user.roleId));
}

/** The flat list (resource/list.json): every granted resource, no nesting. */
export async function resourceList(q: Queryable, user: SessionUser): Promise<ResourceNode[]> {
  return (await accountsQueries.resourcesOfRole(q, user.roleId)).map((r) => ({
    id: r.id,
    name: r.name,
    type: r.type,
    code: r.code,
    path: r.path,
    icon: r.icon,
    platformId: r.platform_id,
    parentId: r.parent_id,
    sort: r.sort,
    children: [],
  }));
}

/** The sub-systems a role may open: those whose root menu (the platform's code) it holds. */
export function platformsFor(user: SessionUser): SubSystem[] {
  return SUB_SYSTEMS.filter((s) => {
    const root = RESOURCES.find((r) => r.parentId === 0 && r.platformId === s.platformId);
    return !!root && user.permissions.has(root.code);
  });
}
