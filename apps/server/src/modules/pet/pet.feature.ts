import type { Feature } from '../feature.ts';

/** 宠物卫士: its engine raises 离开/进入安全区域; its job ends lost mode when it runs out. */
export const petFeature: Feature = {
  name: 'pet',
  platformId: 13,
  routes: async () => [(await import('./pet.routes.ts')).petRoutes, (await import('./petHome.ts')).petHomeRoutes],
  engine: async () => (await import('./petZoneEngine.ts')).startPetZoneEngine,
  jobs: async () => [(await import('./lostMode.ts')).startPetJob],
  demo: async () => (await import('./pet.demo.ts')).petDemo,
};
