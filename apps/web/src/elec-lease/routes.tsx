import type { RouteObject } from 'react-router';

const page = (load: () => Promise<Record<string, unknown>>, name: string) => async () => ({
  Component: (await load())[name] as React.ComponentType,
});

/** 电单车租赁's pages, mounted by the shared child entry under /child/elec-lease/. */
export const elecLeaseRoutes: RouteObject[] = [
  {
    lazy: async () => ({ Component: (await import('./LeaseRoot.tsx')).LeaseRoot }),
    children: [
      { index: true, lazy: async () => ({ Component: (await import('./home/LeaseHome.tsx')).LeaseHome }) },
      { path: 'store', lazy: page(() => import('./pages/StorePage.tsx'), 'StorePage') },
      { path: 'rider', lazy: page(() => import('./pages/RiderPage.tsx'), 'RiderPage') },
      { path: 'vehicle', lazy: page(() => import('./pages/VehiclePage.tsx'), 'VehiclePage') },
      { path: 'plan', lazy: page(() => import('./pages/PlanPage.tsx'), 'PlanPage') },
      { path: 'order', lazy: page(() => import('./pages/OrderPage.tsx'), 'OrderPage') },
      { path: 'bill', lazy: page(() => import('./pages/BillPage.tsx'), 'BillPage') },
      { path: 'risk', lazy: page(() => import('./pages/RiskPage.tsx'), 'RiskPage') },
      { path: 'area', lazy: page(() => import('./pages/AreaPage.tsx'), 'AreaPage') },
      { path: 'stats', lazy: page(() => import('./pages/StatsPage.tsx'), 'StatsPage') },
    ],
  },
];
