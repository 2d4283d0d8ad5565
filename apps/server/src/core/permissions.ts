import type { PermissionCode } from '@chelian/contracts';

/** A resource code from the catalogue, e.g. 'car:command:send' (packages/contracts/src/resources.ts). */
export type Permission = PermissionCode;

/** The one rule: a caller may use a route when its role holds the route's resource code. */
export function hasPermission(granted: ReadonlySet<string>, required: Permission | undefined): boolean {
  return required === undefined || granted.has(required);
}
