import type { Feature } from '../feature.ts';

/** 电单车卫士: its engine holds the safe power cut's pending orders and derives the bikes' alarms. */
export const elecCarFeature: Feature = {
  name: 'elecCar',
  platformId: 18,
  routes: async () => [(await import('./elecCar.routes.ts')).elecCarRoutes, (await import('./bikesHome.ts')).bikesHomeRoutes],
  engine: async () => (await import('./elecCarEngine.ts')).startElecCarEngine,
  demo: async () => (await import('./elecCar.demo.ts')).elecCarDemo,
};
