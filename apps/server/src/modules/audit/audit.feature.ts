import type { Feature } from '../feature.ts';

export const auditFeature: Feature = {
  name: 'audit',
  routes: async () => [(await import('./audit.routes.ts')).auditRoutes],
  jobs: async () => {
    const { startAuditRetention } = await import('./audit.service.ts');
    return [(ctx) => startAuditRetention(ctx, ctx.config.auditRetentionDays)];
  },
};
