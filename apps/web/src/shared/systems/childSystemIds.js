/**
 * The sub-product ids that get their own page at /child/{system}/: the one list. The web's
 * registry (childSystems.ts, and through it vite.config.ts's pages) and the lint's app list
 * (eslint.config.js `WEB_APPS`, each id's folder) are made from it, so a new sub-product is one
 * line here. Plain JavaScript without imports, so the lint setup loads it as it is;
 * childSystems.test.ts proves it matches the contracts' catalogue (`SUB_SYSTEMS`).
 */
export const CHILD_SYSTEM_IDS = /** @type {const} */ ([
  'car',
  'card',
  'system',
  'pet',
  'dataCenter',
  'elec-car',
  'data-report',
  'elec-lease',
  'elec-gb',
]);

/**
 * A sub-product's folder under apps/web/src: its id in kebab case (dataCenter lives in data-center/).
 * @param {string} id
 * @returns {string}
 */
export const folderOf = (id) => id.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
