import type { Feature } from '../feature.ts';

export const playbackFeature: Feature = {
  name: 'playback',
  routes: async () => [(await import('./playback.routes.ts')).playbackRoutes],
};
