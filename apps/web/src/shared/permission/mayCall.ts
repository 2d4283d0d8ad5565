import type { PermissionCode } from '@chelian/contracts';
import { usePermissionStore } from '../stores/permissionStore.ts';
import type { PermissionSets } from './permissions.ts';

/** What the web app needs of an endpoint to know whether the role may call it (its contract's `permission`). */
export interface Guarded {
  path: string;
  permission?: PermissionCode;
}

/**
 * Whether the role may make the call: the server's rule (auth.hook's hasPermission) on the
 * role's codes, menus and buttons alike. An endpoint without a permission needs a session only.
 * A page, the header or a home widget asks this before a call it makes on its own, so a role
 * never sees 403s for what it was not given.
 */
export function mayCall(sets: PermissionSets, endpoint: Guarded): boolean {
  const code = endpoint.permission;
  return code === undefined || sets.menuCodes.has(code) || sets.buttons.has(code);
}

/** mayCall for the signed-in role (false until its permissions are loaded, for a guarded endpoint). */
export function useMayCall(endpoint: Guarded): boolean {
  return usePermissionStore((s) => mayCall(s.sets, endpoint));
}

/** mayCall outside React (a module's own helper). */
export function mayCallNow(endpoint: Guarded): boolean {
  return mayCall(usePermissionStore.getState().sets, endpoint);
}
