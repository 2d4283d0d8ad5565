import type { Feature } from '../feature.ts';

export const commandsFeature: Feature = {
  name: 'commands',
  routes: async () => [(await import('./commands.routes.ts')).commandsRoutes],
};
