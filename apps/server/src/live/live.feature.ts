import type { Feature } from '../modules/feature.ts';

/** The live WebSocket feed (/ws/live): a route of the API side, beside the modules. */
export const liveFeature: Feature = {
  name: 'live',
  routes: async () => [(await import('./live.routes.ts')).liveRoutes],
};
