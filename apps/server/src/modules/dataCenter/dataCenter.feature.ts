import type { Feature } from '../feature.ts';

export const dataCenterFeature: Feature = {
  name: 'dataCenter',
  platformId: 17,
  routes: async () => [(await import('./dataCenter.routes.ts')).dataCenterRoutes],
};
