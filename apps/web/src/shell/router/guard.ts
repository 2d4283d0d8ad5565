import { redirect, type LoaderFunctionArgs } from 'react-router';
import { checkMenuAccess, LOGIN_PATH, type RouteMeta } from '../../shared/permission/routeGuard.ts';
import { menuCount, usePermissionStore } from '../../shared/stores/permissionStore.ts';
import { ensureBranding, resetBranding } from '../branding/branding.ts';

export const RELOAD_PATH = '/reload';

/**
 * The navigation guard of spec §4, as a route loader: branding once per load (failure → /reload),
 * then the permitted-menu check (empty after a fetch → /login).
 */
export function guard(meta: RouteMeta) {
  return async ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    if (!(await ensureBranding())) {
      throw redirect(`${RELOAD_PATH}?redirect=${encodeURIComponent(url.pathname + url.search)}`);
    }
    const result = await checkMenuAccess({
      pathname: url.pathname,
      meta,
      menuCount,
      fetchResources: () => usePermissionStore.getState().loadResources(),
    });
    if (result === 'login') {
      const back = url.pathname === '/' ? '' : `?redirect=${encodeURIComponent(url.pathname + url.search)}`;
      throw redirect(`${LOGIN_PATH}${back}`);
    }
    return null;
  };
}

/** /reload turns the branding lookup off, so the next navigation (its retry) fetches again. */
export function reloadLoader() {
  resetBranding();
  return null;
}
