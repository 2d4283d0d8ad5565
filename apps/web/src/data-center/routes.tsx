import type { RouteObject } from 'react-router';

/** The data-centre sub-product's pages (menus 17001, 17002), mounted by the shared child entry under /child/dataCenter/. */
export const dataCenterRoutes: RouteObject[] = [
  {
    lazy: async () => ({ Component: (await import('./DataCenterRoot.tsx')).DataCenterRoot }),
    children: [
      { index: true, lazy: async () => ({ Component: (await import('./home/DataCenterHome.tsx')).DataCenterHome }) },
      { path: 'overview', lazy: async () => ({ Component: (await import('./pages/OverviewPage.tsx')).OverviewPage }) },
      { path: 'screen', lazy: async () => ({ Component: (await import('./pages/ScreenPage.tsx')).ScreenPage }) },
    ],
  },
];
