import type { RouteObject } from 'react-router';

const page = (load: () => Promise<Record<string, unknown>>, name: string) => async () => ({
  Component: (await load())[name] as React.ComponentType,
});

/** 宠物卫士's pages, mounted by the shared child entry under /child/pet/. */
export const petRoutes: RouteObject[] = [
  {
    lazy: async () => ({ Component: (await import('./PetRoot.tsx')).PetRoot }),
    children: [
      { index: true, lazy: async () => ({ Component: (await import('./home/PetHome.tsx')).PetHome }) },
      { path: 'profile', lazy: page(() => import('./pages/ProfilePage.tsx'), 'ProfilePage') },
      { path: 'monitor', lazy: page(() => import('./pages/MonitorPage.tsx'), 'MonitorPage') },
      { path: 'history', lazy: page(() => import('./pages/HistoryPage.tsx'), 'HistoryPage') },
      { path: 'activity', lazy: page(() => import('./pages/ActivityPage.tsx'), 'ActivityPage') },
      { path: 'fence', lazy: page(() => import('./pages/ZonesPage.tsx'), 'ZonesPage') },
    ],
  },
];
