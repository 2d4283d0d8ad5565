import type { Feature } from '../feature.ts';

export const brandingFeature: Feature = {
  name: 'branding',
  routes: async () => [(await import('./branding.routes.ts')).brandingRoutes],
  seed: async () => {
    const { seedBranding } = await import('./branding.seed.ts');
    return (ctx) => seedBranding(ctx.db);
  },
};
