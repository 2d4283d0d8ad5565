import type { RouteObject } from 'react-router';

const page = (load: () => Promise<Record<string, unknown>>, name: string) => async () => ({
  Component: (await load())[name] as React.ComponentType,
});

/** 新国标's pages, mounted by the shared child entry under /child/elec-gb/. */
export const elecGbRoutes: RouteObject[] = [
  {
    lazy: async () => ({ Component: (await import('./ElecGbRoot.tsx')).ElecGbRoot }),
    children: [
      { index: true, lazy: async () => ({ Component: (await import('./home/GbHome.tsx')).GbHome }) },
      { path: 'record', lazy: page(() => import('./pages/RecordPage.tsx'), 'RecordPage') },
      { path: 'declare', lazy: page(() => import('./pages/DeclarePage.tsx'), 'DeclarePage') },
      { path: 'battery', lazy: page(() => import('./pages/BatteryPage.tsx'), 'BatteryPage') },
      { path: 'alarm', lazy: page(() => import('./pages/AlarmPage.tsx'), 'AlarmPage') },
      { path: 'stats', lazy: page(() => import('./pages/StatsPage.tsx'), 'StatsPage') },
    ],
  },
];

/** Pages outside the login: the declaration form an owner's phone opens from the bike's QR code, and the label sheet. */
export const elecGbPublicRoutes: RouteObject[] = [
  { path: 'declare-form', lazy: page(() => import('./pages/DeclareFormPage.tsx'), 'DeclareFormPage') },
];
