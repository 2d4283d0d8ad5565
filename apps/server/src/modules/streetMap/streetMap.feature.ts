import type { Feature } from '../feature.ts';

export const streetMapFeature: Feature = {
  name: 'streetMap',
  routes: async () => [(await import('./streetMap.routes.ts')).streetMapRoutes],
  // a build staged by `npm run map:import` on PGlite (one process per data folder) is loaded by the server
  jobs: async () => [(await import('./streetMap.jobs.ts')).loadStagedStreetMap],
};
