import type { Feature } from '../feature.ts';

export const noticesFeature: Feature = {
  name: 'notices',
  routes: async () => [(await import('./notices.routes.ts')).noticesRoutes],
  demo: async () => (await import('./notices.demo.ts')).noticesDemo,
};
