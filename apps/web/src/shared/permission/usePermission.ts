import { usePermissionStore } from '../stores/permissionStore.ts';
import { hasButton, hasMenu } from './permissions.ts';

/** True when the button key is in the button-permission set (spec §5 `permission`). */
export function usePermission(key: string): boolean {
  return usePermissionStore((s) => hasButton(s.sets, key));
}

/** True when the key (menu code or id) is in the menu set (spec §5 `permissionMenu`). */
export function usePermissionMenu(key: string | number): boolean {
  return usePermissionStore((s) => hasMenu(s.sets, key));
}
