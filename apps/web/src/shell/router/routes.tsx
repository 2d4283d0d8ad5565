import { redirect, type RouteObject } from 'react-router';
import { SUB_SYSTEMS } from '@chelian/contracts';
import type { RouteMeta } from '../../shared/permission/routeGuard.ts';
import { T } from '../../shared/i18n/messages.ts';
import { guard, reloadLoader } from './guard.ts';
import { loadHomePage, loadMainLayout } from '../lazyShellParts.tsx';

/** Route handle: the spec's name and title, and its meta flags. */
export interface RouteHandle {
  name: string;
  title?: string;
  meta: RouteMeta;
}

export const CENTER_MENU_ID = 1601;

/** Redirect-only routes render nothing (their loader always redirects). */
const Empty = () => null;

function route(path: string, name: string, title: string | undefined, meta: RouteMeta, lazy: RouteObject['lazy']): RouteObject {
  const handle: RouteHandle = { name, title, meta: { ...meta, title } };
  return { path, handle, loader: guard(handle.meta), lazy } as RouteObject;
}

const center = (path: string, name: string, title: string, lazy: RouteObject['lazy']) =>
  route(path, name, title, { ignoreAuth: true, menuId: CENTER_MENU_ID }, lazy);

/** The shell's own routes: spec §2, both tables, each loaded lazily. */
export const shellRoutes: RouteObject[] = [
  {
    path: '/reload',
    handle: { name: 'reload', meta: {} } satisfies RouteHandle,
    loader: reloadLoader,
    lazy: async () => ({ Component: (await import('../pages/ReloadPage.tsx')).ReloadPage }),
  },
  { path: '/', loader: () => redirect('/home'), Component: Empty },
  route('/checkLogin', 'checkLogin', undefined, { ignoreAuth: false }, async () => ({
    Component: (await import('../pages/CheckLoginPage.tsx')).CheckLoginPage,
  })),
  route('/home', 'Home', T.routes.home, { ignoreAuth: true }, async () => ({ Component: (await loadHomePage()).HomePage })),
  {
    path: '/center',
    handle: { name: 'center', title: T.routes.center, meta: { ignoreAuth: true, menuId: CENTER_MENU_ID } } satisfies RouteHandle,
    lazy: async () => ({ Component: (await import('../center/CenterLayout.tsx')).CenterLayout }),
    children: [
      { index: true, loader: () => redirect('/center/notice'), Component: Empty },
      center('notice', 'notice', T.routes.notice, async () => ({ Component: (await import('../center/NoticePage.tsx')).NoticePage })),
      center('security', 'security', T.routes.security, async () => ({
        Component: (await import('../center/SecurityPage.tsx')).SecurityPage,
      })),
      center('download', 'download', T.routes.download, async () => ({
        Component: (await import('../center/DownloadPage.tsx')).DownloadPage,
      })),
      center('detail', 'noticeDetail', T.routes.noticeDetail, async () => ({
        Component: (await import('../center/NoticeDetailPage.tsx')).NoticeDetailPage,
      })),
      center('alarmSetting', 'alarmSetting', T.routes.alarmSetting, async () => ({
        Component: (await import('../center/AlarmSettingPage.tsx')).AlarmSettingPage,
      })),
      center('alarmPush', 'alarmPush', T.routes.alarmPush, async () => ({
        Component: (await import('../center/AlarmPushPage.tsx')).AlarmPushPage,
      })),
    ],
  },
  route('/404', '404', undefined, { mainPage: true, ignoreAuth: false }, async () => {
    const [page] = await Promise.all([import('../pages/NotFoundPage.tsx'), loadMainLayout()]);
    return { Component: page.NotFoundPage };
  }),
  route('/login', 'Login', T.routes.login, { hideLayout: true, ignoreAuth: false }, async () => ({
    Component: (await import('../login/LoginPage.tsx')).LoginPage,
  })),
];

/**
 * Sub-product entry paths (spec §2): the layout with the sub-product app from /child/{system}/.
 * The layout's chunk comes with the page (while the guard runs), not after it: the frame starts
 * loading only once the layout is drawn. A page opened blank (urlType=blank, a new tab) has none.
 */
export const subProductRoutes: RouteObject[] = SUB_SYSTEMS.map((sys) =>
  route(`${sys.path}*`, sys.systemId, sys.title, {}, async () => {
    const blank = new URLSearchParams(window.location.search).get('urlType') === 'blank';
    const [page] = await Promise.all([import('../subproduct/SubProductPage.tsx'), blank ? null : loadMainLayout()]);
    return { Component: page.SubProductPage };
  }),
);

/** Unknown shell paths go to /404. */
export const fallbackRoute: RouteObject = { path: '*', loader: () => redirect('/404'), Component: Empty };
