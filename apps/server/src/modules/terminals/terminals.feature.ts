import type { Feature } from '../feature.ts';

export const terminalsFeature: Feature = {
  name: 'terminals',
  routes: async () => [(await import('./terminals.routes.ts')).terminalsRoutes],
  demo: async () => (await import('./terminals.demo.ts')).terminalsDemo,
};
