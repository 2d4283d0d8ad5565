import type { Feature } from '../feature.ts';

export const addressFeature: Feature = {
  name: 'address',
  routes: async () => [(await import('./address.routes.ts')).addressRoutes],
};
