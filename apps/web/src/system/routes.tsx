import type { RouteObject } from 'react-router';

/** The system sub-product's pages (spec §2 paths), mounted by the shared child entry under /child/system/. */
export const systemRoutes: RouteObject[] = [
  {
    lazy: async () => ({ Component: (await import('./SystemRoot.tsx')).SystemRoot }),
    children: [
      { index: true, lazy: async () => ({ Component: (await import('./home/SystemHome.tsx')).SystemHome }) },
      { path: 'account', lazy: async () => ({ Component: (await import('./accounts/AccountPage.tsx')).AccountPage }) },
      { path: 'user', lazy: async () => ({ Component: (await import('./users/UserPage.tsx')).UserPage }) },
      { path: 'role', lazy: async () => ({ Component: (await import('./roles/RolePage.tsx')).RolePage }) },
      { path: 'terminal', lazy: async () => ({ Component: (await import('./terminals/TerminalPage.tsx')).TerminalPage }) },
      { path: 'branding', lazy: async () => ({ Component: (await import('./branding/BrandingPage.tsx')).BrandingPage }) },
      { path: 'notice', lazy: async () => ({ Component: (await import('./notices/NoticePage.tsx')).NoticePage }) },
      { path: 'audit', lazy: async () => ({ Component: (await import('./audit/AuditLogPage.tsx')).AuditLogPage }) },
      { path: 'mapSettings', lazy: async () => ({ Component: (await import('./mapSettings/MapSettingsPage.tsx')).MapSettingsPage }) },
    ],
  },
];
