/**
 * The sub-product ids that get their own page at /child/{system}/. Kept free of imports because
 * vite.config.ts reads it; childSystems.test.ts proves it matches the contracts' catalogue.
 */
export const CHILD_SYSTEMS = ['car', 'card', 'system', 'pet', 'dataCenter', 'elec-car', 'data-report', 'elec-lease', 'elec-gb'] as const;

export type ChildSystemId = (typeof CHILD_SYSTEMS)[number];

export function isChildSystem(value: string): value is ChildSystemId {
  return (CHILD_SYSTEMS as readonly string[]).includes(value);
}
