import type { Feature } from '../feature.ts';

export const monitorFeature: Feature = {
  name: 'monitor',
  routes: async () => [(await import('./monitor.routes.ts')).monitorRoutes],
};
