import type { Feature } from '../feature.ts';

/** 新国标: its engine raises the GB alarms (overspeed, positioning failure, battery mismatch, communication lost). */
export const elecGbFeature: Feature = {
  name: 'elecGb',
  platformId: 26,
  routes: async () => [(await import('./elecGb.routes.ts')).elecGbRoutes],
  engine: async () => (await import('./gbEngine.ts')).startGbEngine,
  demo: async () => (await import('./elecGb.demo.ts')).elecGbDemo,
};
