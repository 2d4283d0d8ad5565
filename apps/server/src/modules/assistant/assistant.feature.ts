import type { Feature } from '../feature.ts';

export const assistantFeature: Feature = {
  name: 'assistant',
  routes: async () => [(await import('./assistant.routes.ts')).assistantRoutes],
};
