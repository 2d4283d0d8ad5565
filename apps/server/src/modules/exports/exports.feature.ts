import type { Feature } from '../feature.ts';

export const exportsFeature: Feature = {
  name: 'exports',
  routes: async () => [(await import('./exports.routes.ts')).exportsRoutes],
  exports: async () => [(await import('./userListExport.ts')).userListExport],
  jobs: async () => {
    const [{ startExportWorker }, { EXPORT_KINDS }] = await Promise.all([import('./exports.service.ts'), import('./exportKinds.ts')]);
    return [(ctx) => startExportWorker(ctx, EXPORT_KINDS)];
  },
};
