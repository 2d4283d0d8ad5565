import type { Feature } from '../feature.ts';

export const messagesFeature: Feature = {
  name: 'messages',
  routes: async () => [(await import('./messages.routes.ts')).messagesRoutes],
  seed: async () => {
    const { seedMessages } = await import('./messages.seed.ts');
    return (ctx) => seedMessages(ctx.db);
  },
};
