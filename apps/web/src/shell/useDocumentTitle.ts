import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useUiStore } from '../shared/stores/uiStore.ts';
import { useClientStore } from '../shared/stores/clientStore.ts';
import { brandTitle, useBrandingStore } from './branding/branding.ts';
import type { RouteHandle } from './router/routes.tsx';

/** Document title = page title (or the sub-product's current menu) and the brand title. */
export function useDocumentTitle(handle: RouteHandle | undefined): void {
  const info = useBrandingStore((s) => s.info);
  const subTitle = useUiStore((s) => s.subTitle);
  const location = useLocation();
  const page = subTitle || handle?.title || '';
  const brand = brandTitle(info);

  useEffect(() => {
    document.title = page ? `${page} - ${brand}` : brand;
  }, [page, brand]);

  useEffect(() => {
    if (!page || handle?.meta.hideLayout || location.pathname === '/home' || !useClientStore.getState().sessionId) return;
    useClientStore.getState().visit({ path: location.pathname + location.search, title: page });
  }, [page, location.pathname, location.search, handle]);
}
