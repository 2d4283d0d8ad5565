import type { Feature } from '../feature.ts';

export const noticesFeature: Feature = {
  name: 'notices',
  routes: async () => [(await import('./notices.routes.ts')).noticesRoutes],
};
