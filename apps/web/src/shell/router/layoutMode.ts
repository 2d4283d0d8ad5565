import { subSystemByPath } from '@chelian/contracts';
import type { RouteMeta } from '../../shared/permission/routeGuard.ts';

export type LayoutMode = 'main' | 'bare' | 'hidden';

/**
 * Spec §2 shell behaviour: the shell's own routes show the bare routed view, /login hides the
 * layout, a route marked as a main page and every sub-product path show the main layout, except
 * a sub-product page opened with urlType=blank (e.g. /car/playback in a new tab).
 */
export function layoutMode(pathname: string, search: string, meta: RouteMeta | undefined): LayoutMode {
  if (meta?.hideLayout) return 'hidden';
  if (meta?.mainPage) return 'main';
  if (subSystemByPath(pathname)) {
    return new URLSearchParams(search).get('urlType') === 'blank' ? 'bare' : 'main';
  }
  return 'bare';
}
