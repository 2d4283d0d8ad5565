import { create } from 'zustand';
import { accountEndpoints, type ResourceNode } from '@chelian/contracts';
import { collectPermissions, EMPTY_PERMISSIONS, filterMenu, menuNodes, type PermissionSets } from '../permission/permissions.ts';
import { call } from '../request/call.ts';
import { useClientStore } from './clientStore.ts';

interface PermissionState {
  resources: ResourceNode[];
  sets: PermissionSets;
  loaded: boolean;
  /** Applies a resource tree: buttons, menus and the header navigation are rebuilt from it. */
  setResources(resources: ResourceNode[]): void;
  /** Fetches the resource list (a 4010 on it goes straight to /login in the request layer). */
  loadResources(): Promise<ResourceNode[]>;
  reset(): void;
}

let inflight: Promise<ResourceNode[]> | null = null;

export const usePermissionStore = create<PermissionState>()((set, get) => ({
  resources: [],
  sets: EMPTY_PERMISSIONS,
  loaded: false,
  setResources: (resources) => {
    const sets = collectPermissions(resources);
    set({ resources, sets, loaded: true });
    useClientStore.getState().update({ navMenuList: filterMenu(menuNodes(resources), sets.menus) });
  },
  loadResources: () => {
    inflight ??= call(accountEndpoints.resourceTree, { version: 'v4', from: 'carWeb4' }, { silent: true })
      .then((tree) => {
        get().setResources(Array.isArray(tree) ? tree : []);
        return get().resources;
      })
      .finally(() => {
        inflight = null;
      });
    return inflight;
  },
  reset: () => set({ resources: [], sets: EMPTY_PERMISSIONS, loaded: false }),
}));

export function menuCount(): number {
  return usePermissionStore.getState().sets.menus.size;
}
