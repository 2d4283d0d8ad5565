import type { RouteObject } from 'react-router';

const page = (load: () => Promise<Record<string, unknown>>, name: string) => async () => ({
  Component: (await load())[name] as React.ComponentType,
});

/** 智能工牌's pages, mounted by the shared child entry under /child/card/. */
export const cardRoutes: RouteObject[] = [
  {
    lazy: async () => ({ Component: (await import('./CardRoot.tsx')).CardRoot }),
    children: [
      { index: true, lazy: async () => ({ Component: (await import('./home/CardHome.tsx')).CardHome }) },
      { path: 'monitor', lazy: page(() => import('./pages/MonitorPage.tsx'), 'MonitorPage') },
      { path: 'staff', lazy: page(() => import('./pages/StaffPage.tsx'), 'StaffPage') },
      { path: 'device', lazy: page(() => import('./pages/DevicePage.tsx'), 'DevicePage') },
      { path: 'area', lazy: page(() => import('./pages/AreaPage.tsx'), 'AreaPage') },
      { path: 'shift', lazy: page(() => import('./pages/ShiftPage.tsx'), 'ShiftPage') },
      { path: 'attendance', lazy: page(() => import('./pages/AttendancePage.tsx'), 'AttendancePage') },
      { path: 'patrol', lazy: page(() => import('./pages/PatrolPage.tsx'), 'PatrolPage') },
      { path: 'playback', lazy: page(() => import('./pages/PlaybackPage.tsx'), 'PlaybackPage') },
      { path: 'alarm', lazy: page(() => import('./pages/AlarmPage.tsx'), 'AlarmPage') },
      { path: 'report', lazy: page(() => import('./pages/ReportPage.tsx'), 'ReportPage') },
    ],
  },
];
