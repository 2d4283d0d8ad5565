import type { Feature } from '../feature.ts';

export const securityFeature: Feature = {
  name: 'security',
  routes: async () => [(await import('./security.routes.ts')).securityRoutes],
};
