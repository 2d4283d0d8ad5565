import type { Feature } from '../feature.ts';

export const alarmsFeature: Feature = {
  name: 'alarms',
  routes: async () => [(await import('./alarms.routes.ts')).alarmsRoutes],
};
