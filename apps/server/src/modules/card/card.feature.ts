import type { Feature } from '../feature.ts';

/** 智能工牌: its engine raises the badge alarms (off post, standstill, gathering, offline in shift, missed checkpoints). */
export const cardFeature: Feature = {
  name: 'card',
  platformId: 11,
  routes: async () => [(await import('./card.routes.ts')).cardRoutes],
  engine: async () => (await import('./cardEngine.ts')).startCardEngine,
  demo: async () => (await import('./card.demo.ts')).cardDemo,
};
