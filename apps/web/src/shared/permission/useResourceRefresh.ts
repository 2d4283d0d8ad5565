import { useEffect } from 'react';
import { accountEndpoints, type ResourceNode } from '@chelian/contracts';
import { call } from '../request/call.ts';
import { usePermissionStore } from '../stores/permissionStore.ts';

/** How often a logged-in page asks whether its role's menus and buttons changed. */
export const RESOURCE_REFRESH_MS = 60_000;

/** Whether two resource trees grant the same (ids and codes, in order). */
export function sameResources(a: readonly ResourceNode[], b: readonly ResourceNode[]): boolean {
  const key = (nodes: readonly ResourceNode[]): string => nodes.map((n) => `${n.id}:${n.code}[${key(n.children ?? [])}]`).join(',');
  return key(a) === key(b);
}

/**
 * A role edited in 角色权限 reaches its users without a new login: every minute, and whenever the
 * page comes back into view, the shell fetches its resource tree again and, when it changed,
 * applies it — the header and menus are rebuilt and the sub-products get it through the
 * changeResourceData message (useShellBridge).
 */
export function useResourceRefresh(enabled: boolean, intervalMs = RESOURCE_REFRESH_MS): void {
  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    const refresh = async () => {
      try {
        const tree = await call(accountEndpoints.resourceTree, { version: 'v4', from: 'carWeb4' }, { silent: true });
        const store = usePermissionStore.getState();
        if (!stopped && Array.isArray(tree) && tree.length > 0 && !sameResources(tree, store.resources)) store.setResources(tree);
      } catch {
        /* offline, or the session ended (the request layer handles 4010) */
      }
    };
    const onVisible = () => document.visibilityState === 'visible' && void refresh();
    const timer = setInterval(() => void refresh(), intervalMs);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [enabled, intervalMs]);
}
