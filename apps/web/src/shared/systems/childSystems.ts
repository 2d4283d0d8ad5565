import { CHILD_SYSTEM_IDS } from './childSystemIds.js';

/**
 * The sub-product ids that get their own page at /child/{system}/ — written once, in
 * childSystemIds.js, which the lint setup reads too; childSystems.test.ts proves it matches the
 * contracts' catalogue.
 */
export const CHILD_SYSTEMS = CHILD_SYSTEM_IDS;

export type ChildSystemId = (typeof CHILD_SYSTEMS)[number];

export function isChildSystem(value: string): value is ChildSystemId {
  return (CHILD_SYSTEMS as readonly string[]).includes(value);
}
