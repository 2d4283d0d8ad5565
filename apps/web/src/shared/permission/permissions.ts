import { RESOURCE_TYPE_BUTTON, type ResourceNode } from '@chelian/contracts';

/** The permitted sets of spec §4/§6: type-3 resources are buttons, everything else a menu. */
export interface PermissionSets {
  /** button permission keys (resource code) */
  buttons: Set<string>;
  /** permitted menu map: menu id → resource */
  menus: Map<number, ResourceNode>;
  /** menu keys (resource code), for permissionMenu checks by key */
  menuCodes: Set<string>;
}

export const EMPTY_PERMISSIONS: PermissionSets = { buttons: new Set(), menus: new Map(), menuCodes: new Set() };

export function collectPermissions(tree: readonly ResourceNode[] | null | undefined): PermissionSets {
  const sets: PermissionSets = { buttons: new Set(), menus: new Map(), menuCodes: new Set() };
  const walk = (nodes: readonly ResourceNode[] | undefined) => {
    for (const node of nodes ?? []) {
      if (Number(node.type) === RESOURCE_TYPE_BUTTON) {
        if (node.code) sets.buttons.add(node.code);
      } else {
        // id 0 marks a group root, not a menu of its own
        if (node.id !== 0) sets.menus.set(node.id, node);
        if (node.code) sets.menuCodes.add(node.code);
      }
      walk(node.children);
    }
  };
  walk(tree ?? []);
  return sets;
}

/** `permission`: the key must be in the button set. */
export function hasButton(sets: PermissionSets, key: string): boolean {
  return sets.buttons.has(key);
}

/** `permissionMenu`: the key (menu code or id) must be in the menu set. */
export function hasMenu(sets: PermissionSets, key: string | number): boolean {
  if (typeof key === 'number') return sets.menus.has(key);
  return sets.menuCodes.has(key) || (/^\d+$/.test(key) && sets.menus.has(Number(key)));
}

export interface MenuEntry {
  id: number;
  children?: MenuEntry[];
}

/**
 * Keeps entries whose id is in the permitted map; an id-0 group root is kept only if it keeps
 * children. Children of a kept entry are filtered the same way. Button nodes never are menus.
 */
export function filterMenu<E extends MenuEntry>(entries: readonly E[], permitted: { has(id: number): boolean }): E[] {
  const out: E[] = [];
  for (const entry of entries) {
    const children = entry.children ? filterMenu(entry.children as E[], permitted) : undefined;
    if (entry.id === 0) {
      if (children && children.length > 0) out.push({ ...entry, children });
      continue;
    }
    if (!permitted.has(entry.id)) continue;
    out.push(children ? { ...entry, children } : entry);
  }
  return out;
}

/** The menu part of a resource tree (buttons dropped), optionally for one platform. */
export function menuNodes(tree: readonly ResourceNode[], platformId?: number): ResourceNode[] {
  const out: ResourceNode[] = [];
  for (const node of tree) {
    if (Number(node.type) === RESOURCE_TYPE_BUTTON) continue;
    if (platformId !== undefined && node.id !== 0 && node.platformId !== platformId) continue;
    out.push({ ...node, children: menuNodes(node.children ?? [], platformId) });
  }
  return out;
}

/** Button keys found under one menu node (what that page lets the user do). */
export function buttonsUnder(node: ResourceNode): ResourceNode[] {
  const out: ResourceNode[] = [];
  const walk = (nodes: readonly ResourceNode[]) => {
    for (const n of nodes) {
      if (Number(n.type) === RESOURCE_TYPE_BUTTON) out.push(n);
      else walk(n.children ?? []);
    }
  };
  walk(node.children ?? []);
  return out;
}
