import type { Feature } from '../feature.ts';

export const reportsFeature: Feature = {
  name: 'reports',
  routes: async () => [
    (await import('./reports.routes.ts')).reportsRoutes,
    (await import('./fleet.routes.ts')).fleetReportsRoutes,
    (await import('./drivingReports.routes.ts')).drivingReportsRoutes,
  ],
  // The reports' Excel files, made by the download centre's queue.
  exports: async () => {
    const [data, driving, monthly, fleet] = await Promise.all([
      import('./reportSheets.ts'),
      import('./drivingSheets.ts'),
      import('./monthlySheet.ts'),
      import('./fleetSheets.ts'),
    ]);
    return [...data.dataReportExports, ...driving.drivingReportExports, monthly.monthlyExport, ...fleet.fleetReportExports];
  },
  // The daily rollup the reports read (docs/reports.md).
  jobs: async () => {
    const { startRollupWorker } = await import('./rollup.service.ts');
    return [(ctx) => startRollupWorker(ctx.db, ctx.log, ctx.config.reportRollupSeconds * 1000, ctx.config.positionRetentionDays)];
  },
};
