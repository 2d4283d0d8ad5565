import type { Feature } from '../feature.ts';

export const systemFeature: Feature = {
  name: 'system',
  routes: async () => [(await import('./system.routes.ts')).systemRoutes],
  seed: async () => {
    const { seedDictionary } = await import('./dictionary.seed.ts');
    return (ctx) => seedDictionary(ctx.db);
  },
};
