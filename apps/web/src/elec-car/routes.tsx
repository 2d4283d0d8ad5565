import type { RouteObject } from 'react-router';

const page = (load: () => Promise<Record<string, unknown>>, name: string) => async () => ({
  Component: (await load())[name] as React.ComponentType,
});

/** 电单车卫士's pages, mounted by the shared child entry under /child/elec-car/. */
export const elecCarRoutes: RouteObject[] = [
  {
    lazy: async () => ({ Component: (await import('./ElecCarRoot.tsx')).ElecCarRoot }),
    children: [
      { index: true, lazy: async () => ({ Component: (await import('./home/ElecCarHome.tsx')).ElecCarHome }) },
      { path: 'bikes', lazy: page(() => import('./pages/BikesPage.tsx'), 'BikesPage') },
      { path: 'monitor', lazy: page(() => import('./pages/MonitorPage.tsx'), 'MonitorPage') },
      { path: 'guard', lazy: page(() => import('./pages/GuardPage.tsx'), 'GuardPage') },
      { path: 'trips', lazy: page(() => import('./pages/TripsPage.tsx'), 'TripsPage') },
      { path: 'fence', lazy: page(() => import('./pages/FencePage.tsx'), 'FencePage') },
      { path: 'alarm', lazy: page(() => import('./pages/AlarmPage.tsx'), 'AlarmPage') },
      { path: 'battery', lazy: page(() => import('./pages/BatteryPage.tsx'), 'BatteryPage') },
    ],
  },
];
