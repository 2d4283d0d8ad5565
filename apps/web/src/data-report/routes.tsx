import type { RouteObject } from 'react-router';

/** The data-report sub-product's pages (spec §2 paths), mounted by the shared child entry under /child/data-report/. */
export const dataReportRoutes: RouteObject[] = [
  {
    lazy: async () => ({ Component: (await import('./DataReportRoot.tsx')).DataReportRoot }),
    children: [
      { index: true, lazy: async () => ({ Component: (await import('./home/ReportHome.tsx')).ReportHome }) },
      {
        path: 'dataReport/mileageReport',
        lazy: async () => ({ Component: (await import('./pages/MileageReportPage.tsx')).MileageReportPage }),
      },
      { path: 'dataReport/carDayOnline', lazy: async () => ({ Component: (await import('./pages/DayOnlinePage.tsx')).DayOnlinePage }) },
      { path: 'dataReport/stayReport', lazy: async () => ({ Component: (await import('./pages/StayReportPage.tsx')).StayReportPage }) },
      { path: 'dataReport/tripReport', lazy: async () => ({ Component: (await import('./pages/TripReportPage.tsx')).TripReportPage }) },
      {
        path: 'dataReport/overspeedReport',
        lazy: async () => ({ Component: (await import('./pages/OverspeedReportPage.tsx')).OverspeedReportPage }),
      },
      { path: 'dataReport/accReport', lazy: async () => ({ Component: (await import('./pages/AccReportPage.tsx')).AccReportPage }) },
      {
        path: 'dataReport/monthlyReport',
        lazy: async () => ({ Component: (await import('./pages/MonthlyReportPage.tsx')).MonthlyReportPage }),
      },
      {
        path: 'dataReport/offlineReport',
        lazy: async () => ({ Component: (await import('./pages/OfflineReportPage.tsx')).OfflineReportPage }),
      },
      {
        path: 'dataReport/expireReport',
        lazy: async () => ({ Component: (await import('./pages/ExpireReportPage.tsx')).ExpireReportPage }),
      },
      {
        path: 'dataReport/alarmHandleReport',
        lazy: async () => ({ Component: (await import('./pages/AlarmHandleReportPage.tsx')).AlarmHandleReportPage }),
      },
      { path: 'dataReport/alarmInfo', lazy: async () => ({ Component: (await import('./pages/AlarmInfoPage.tsx')).AlarmInfoPage }) },
    ],
  },
];
