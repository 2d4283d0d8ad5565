import type { Feature } from '../feature.ts';

export const authFeature: Feature = {
  name: 'auth',
  routes: async () => [(await import('./auth.routes.ts')).authRoutes],
};
