import { RESOURCE_BY_CODE } from './resources.catalog.ts';

/** A resource code from the catalogue, e.g. 'car:command:send'. */
export type Permission = string;

/** Fails at start-up, not at request time, when a route names a code the catalogue lacks. */
export function permission(code: string): Permission {
  if (!RESOURCE_BY_CODE.has(code)) throw new Error(`unknown permission code: ${code}`);
  return code;
}

/** The one rule: a caller may use a route when its role holds the route's resource code. */
export function hasPermission(granted: ReadonlySet<string>, required: Permission | undefined): boolean {
  return required === undefined || granted.has(required);
}
