import type { RouteObject } from 'react-router';

/** The car sub-product's pages, mounted by the shared child entry under /child/car/. */
export const carRoutes: RouteObject[] = [
  {
    lazy: async () => ({ Component: (await import('./CarRoot.tsx')).CarRoot }),
    children: [
      { index: true, lazy: async () => ({ Component: (await import('./home/CarHome.tsx')).CarHome }) },
      { path: 'monitor', lazy: async () => ({ Component: (await import('./monitor/MonitorPage.tsx')).MonitorPage }) },
      { path: 'follow', lazy: async () => ({ Component: (await import('./follow/FollowPage.tsx')).FollowPage }) },
      { path: 'playback', lazy: async () => ({ Component: (await import('./playback/PlaybackPage.tsx')).PlaybackPage }) },
      { path: 'alarm', lazy: async () => ({ Component: (await import('./alarms/AlarmPage.tsx')).AlarmPage }) },
      { path: 'command', lazy: async () => ({ Component: (await import('./commands/CommandPage.tsx')).CommandPage }) },
      { path: 'geofence', lazy: async () => ({ Component: (await import('./geofences/GeofencePage.tsx')).GeofencePage }) },
      { path: 'vehicle', lazy: async () => ({ Component: (await import('./vehicles/VehiclesPage.tsx')).VehiclesPage }) },
      { path: 'group', lazy: async () => ({ Component: (await import('./groups/GroupsPage.tsx')).GroupsPage }) },
    ],
  },
];
