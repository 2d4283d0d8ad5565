import type { Feature } from '../feature.ts';

/**
 * 电单车租赁: its engine watches service areas and tamper locks; its jobs are the lease clock (billing,
 * overdue, reminders, locks) and the refunds a provider is still processing (read every minute).
 */
export const elecLeaseFeature: Feature = {
  name: 'elecLease',
  platformId: 23,
  routes: async () => [(await import('./elecLease.routes.ts')).elecLeaseRoutes],
  engine: async () => (await import('./areaWatch.ts')).startAreaWatch,
  jobs: async () => {
    const { startLeaseJob } = await import('./leaseJob.ts');
    const { startRefundJob } = await import('./payments/refunds.service.ts');
    return [(ctx) => startLeaseJob(ctx, ctx.config.leaseJobSeconds * 1000), (ctx) => startRefundJob(ctx)];
  },
  demo: async () => (await import('./elecLease.demo.ts')).elecLeaseDemo,
};
