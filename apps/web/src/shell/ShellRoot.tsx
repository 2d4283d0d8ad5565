import { useEffect } from 'react';
import { Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { isLoggedIn, useClientStore } from '../shared/stores/clientStore.ts';
import { useUiStore } from '../shared/stores/uiStore.ts';
import { useAlarmPolling } from '../shared/dialogs/useAlarmPolling.ts';
import { useBrowserNotices } from '../shared/alarmPush/useBrowserNotices.ts';
import { useResourceRefresh } from '../shared/permission/useResourceRefresh.ts';
import { layoutMode } from './router/layoutMode.ts';
import type { RouteHandle } from './router/routes.tsx';
import { LazyImageViewer, LazyLoggedInParts, LazyMainLayout, LazyVehicleInfoDialog, prefetchMainLayout } from './lazyShellParts.tsx';
import { useDocumentTitle } from './useDocumentTitle.ts';
import { ALARM_PAGE } from './constants.ts';
import { useShellBridge } from './subproduct/useShellBridge.ts';
import { bootstrapSession } from './session/sessionActions.ts';

export function ShellRoot() {
  const location = useLocation();
  const navigate = useNavigate();
  const matches = useMatches();
  const handle = [...matches].reverse().find((m) => m.handle)?.handle as RouteHandle | undefined;
  const mode = layoutMode(location.pathname, location.search, handle?.meta);
  const sessionId = useClientStore((s) => s.sessionId);
  const loggedIn = useClientStore((s) => isLoggedIn(s)) && location.pathname !== '/login';

  useDocumentTitle(handle);
  useShellBridge();
  useAlarmPolling(loggedIn, null);
  useResourceRefresh(loggedIn);
  useBrowserNotices(loggedIn, () => navigate(ALARM_PAGE));

  useEffect(() => {
    if (sessionId && location.pathname !== '/login') void bootstrapSession();
  }, [sessionId, location.pathname]);

  useEffect(() => {
    if (loggedIn) prefetchMainLayout();
  }, [loggedIn]);

  useEffect(() => {
    // a sub-product's selector request ends with it
    if (mode !== 'main') useUiStore.getState().set({ downList: false, subTitle: '' });
  }, [mode]);

  return (
    <>
      {mode === 'main' ? (
        <LazyMainLayout>
          <Outlet />
        </LazyMainLayout>
      ) : (
        <Outlet />
      )}
      <LazyImageViewer />
      {loggedIn && (
        <>
          <LazyVehicleInfoDialog />
          <LazyLoggedInParts />
        </>
      )}
    </>
  );
}
